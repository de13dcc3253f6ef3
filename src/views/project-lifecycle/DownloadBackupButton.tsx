// STUB (issue 5, helper P fills it in): downloads the newest downloadable backup (spec A2.8, A8 toasts).
export function DownloadBackupButton({ label }: { projectRef: string; label: string; variant?: 'primary' | 'secondary' }) {
  return <button type="button" disabled>{label}</button>;
}
