// TODO(issue 15): forwarding module until src/views/project/ProjectHome.tsx (owned by project) imports
// '../../ui/Page.css.ts'; then delete it. The page layout moved to src/ui/ because a dozen areas use it (DESIGN §2).
export * from '../../ui/Page.css.ts';
