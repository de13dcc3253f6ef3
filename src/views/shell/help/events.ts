// Opening the header's help panels from anywhere in the shell (the Help popover, the header toggles), like the
// command menu's event: the panels' code loads when one is first opened (issue 15: first-load JavaScript).
export const OPEN_ASSISTANT_EVENT = 'strata:open-assistant';
export const OPEN_FEEDBACK_EVENT = 'strata:open-feedback';

export function openAssistant(): void {
  window.dispatchEvent(new Event(OPEN_ASSISTANT_EVENT));
}
export function openFeedback(): void {
  window.dispatchEvent(new Event(OPEN_FEEDBACK_EVENT));
}
