/** spec A5: trimmed input must equal the confirm string. */
export function matchesConfirmation(input: string, expected: string): boolean {
  return input.trim() === expected;
}

/** spec A2.14 */
export function confirmationLabel(expected: string): string {
  return `Type ${expected} to confirm.`;
}

/** spec A5 */
export const CONFIRMATION_MISMATCH_ERROR = 'Value entered does not match';
