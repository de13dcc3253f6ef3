// The keys part of /settings/api (spec A2.13, A4.9): the JWT secret's update progress, the project URL, the legacy
// keys and when they were last used.
import { JwtStatusNotice } from './JwtStatusNotice.tsx';
import { LegacyApiKeys } from './LegacyApiKeys.tsx';
import { useJwtSecretUpdate } from './useJwtSecretUpdate.ts';

export interface ApiSettingsKeysProps {
  projectRef: string;
  projectUrl: string | null;
  anonKey: string | null;
  canReadSecrets: boolean;
  lastUsedAt: string | null | undefined;
}

export function ApiSettingsKeys(props: ApiSettingsKeysProps) {
  const jwt = useJwtSecretUpdate(props.projectRef);
  return (
    <>
      <JwtStatusNotice updating={jwt.updating} progress={jwt.progress} error={jwt.error} />
      <LegacyApiKeys {...props} jwtUpdating={jwt.updating} showLastUsed />
    </>
  );
}
