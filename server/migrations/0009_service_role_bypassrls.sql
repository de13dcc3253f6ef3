-- service_role bypasses row level security, as on the platform we imitate (issue 13 finding 9). Roles are
-- cluster-wide: this gives BYPASSRLS to a service_role made before provisioning did (server/projects/serviceRole.ts
-- holds the same statement, run at every provisioning). Left as it is when the platform may not alter it.
do $$
begin
  if exists (select from pg_roles where rolname = 'service_role' and not rolbypassrls) then
    alter role service_role bypassrls;
  end if;
exception when insufficient_privilege then
  raise notice 'service_role left without BYPASSRLS: %', sqlerrm;
end $$;
