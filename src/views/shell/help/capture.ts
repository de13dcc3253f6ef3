// The feedback widget's screenshot (issue 21). No DOM-to-image library is installed (package.json), so the console
// takes what the browser honestly gives: a frame of the screen share the user allows (getDisplayMedia, the
// current tab offered first), or an image file the user attaches. Both end as a data URL the platform checks.
import { FEEDBACK_IMAGE_TYPES, FEEDBACK_MAX_IMAGE_BYTES } from '../../../domain/feedback.ts';

/** Bytes a base64 data URL holds. */
export const dataUrlBytes = (url: string) => Math.floor(((url.length - url.indexOf(',') - 1) * 3) / 4);

export const canCaptureScreen = () => typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getDisplayMedia === 'function';

/** One frame of a screen share the user picks; PNG, or JPEG when the PNG is over the limit. */
export async function captureScreen(): Promise<string> {
  const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false, preferCurrentTab: true } as DisplayMediaStreamOptions);
  try {
    const video = document.createElement('video');
    video.srcObject = stream;
    video.muted = true;
    await video.play();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const canvas = document.createElement('canvas');
    const scale = Math.min(1, 1600 / Math.max(1, video.videoWidth));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext('2d')!.drawImage(video, 0, 0, canvas.width, canvas.height);
    const png = canvas.toDataURL('image/png');
    return dataUrlBytes(png) <= FEEDBACK_MAX_IMAGE_BYTES ? png : canvas.toDataURL('image/jpeg', 0.8);
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
}

/** An attached file as a data URL, or the reason it cannot be sent. */
export function readImageFile(file: File): Promise<string> {
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type)) return Promise.reject(new Error('Attach a PNG, JPEG or WebP image'));
  if (file.size > FEEDBACK_MAX_IMAGE_BYTES) return Promise.reject(new Error('The image may be at most 2 MB'));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The image could not be read'));
    reader.readAsDataURL(file);
  });
}
