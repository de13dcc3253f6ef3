// service_role bypasses row level security, as on the platform we imitate, where the role has BYPASSRLS (issue 13
// finding 9; role impersonation, spec B2.7, and the project API's service_role key rely on it). The role is
// cluster-wide: provisioning runs this after making the shared roles (server/projects/provision.ts), and migration
// 0009 (the same statement) brings clusters whose role was made before. Without the privilege to change it (an
// external server where the platform is not a superuser) the role is left as it is, with a notice.
export const SERVICE_ROLE_BYPASS_RLS = `do $$
begin
  if exists (select from pg_roles where rolname = 'service_role' and not rolbypassrls) then
    alter role service_role bypassrls;
  end if;
exception when insufficient_privilege then
  raise notice 'service_role left without BYPASSRLS: %', sqlerrm;
end $$`;
