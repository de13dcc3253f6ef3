// The custom telemetry events the console sends (spec A7 'POST {API_URL}/telemetry/event': body {page fields, action,
// custom_properties, groups}; events named include connection_string_copied, help_button_clicked,
// branch_create_merge_request_button_clicked). Each is sent where its action happens in our console.
export const TELEMETRY_EVENTS = {
  /** A connection string copied from the Connect dialog (spec A2.10). */
  connectionStringCopied: 'connection_string_copied',
  /** The header's Help button pressed (spec A2.3). */
  helpButtonClicked: 'help_button_clicked',
  /** The header's 'Open merge request' on a branch (spec A4.4). */
  branchCreateMergeRequestButtonClicked: 'branch_create_merge_request_button_clicked',
} as const;

export type TelemetryAction = (typeof TELEMETRY_EVENTS)[keyof typeof TELEMETRY_EVENTS];

export interface TelemetryCustomEvent {
  action: TelemetryAction;
  custom_properties: Record<string, string | number | boolean>;
}
