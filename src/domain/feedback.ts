// The feedback widget (issue 21; spec A1 "text plus screenshot"): limits shared by the console and the platform.
export const FEEDBACK_MAX_CHARS = 5000;
export const FEEDBACK_MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
