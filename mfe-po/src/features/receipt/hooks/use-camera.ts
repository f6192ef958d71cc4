/**
 * The invoice camera (SPEC §2: 'Take a Photo', 'Capture Photo', 'Switch Camera', 'Cancel'): the
 * environment-facing camera first, 4:3, captured as a JPEG through a canvas. The camera's tracks are
 * stopped on Cancel, after a capture and when the screen goes away, so the camera light goes off.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  CAMERA_ASPECT,
  CAMERA_MESSAGES,
  cameraErrorMessage,
  cameraSupported,
  cropTo43,
  JPEG_QUALITY,
} from './photo-check';

/** The longest side of a captured photo: an invoice stays readable and well under 5 MB. */
const MAX_SIDE = 2560;

export type CameraState = 'off' | 'starting' | 'on';

export interface Camera {
  state: CameraState;
  /** Opens the camera; the message of what went wrong, or null. */
  start: () => Promise<string | null>;
  /** The next camera of the device; a message when there is no other one or it cannot be opened. */
  switchCamera: () => Promise<string | null>;
  /** The picture on screen as a JPEG, or the message of why there is none. The camera stays on. */
  capture: () => Promise<Blob | string>;
  stop: () => void;
}

function videoConstraints(deviceId?: string): MediaTrackConstraints {
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : { facingMode: { ideal: 'environment' } }),
    aspectRatio: { ideal: CAMERA_ASPECT },
    width: { ideal: 1920 },
    height: { ideal: 1440 },
  };
}

/**
 * Whether the device has a camera this page may ask for: false without getUserMedia (an http page, an
 * old browser) or when the device lists no camera; true while it is not known yet (asking then says why not).
 */
export function useHasCamera(): boolean {
  const [has, setHas] = useState(cameraSupported);
  useEffect(() => {
    if (!cameraSupported() || typeof navigator.mediaDevices.enumerateDevices !== 'function') return;
    let live = true;
    navigator.mediaDevices
      .enumerateDevices()
      .then((devices) => {
        if (live) setHas(devices.some((d) => d.kind === 'videoinput'));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return has;
}

/** The picture on screen, cropped to 4:3 and at most MAX_SIDE, as a JPEG; or the message of why there is none. */
async function captureFrame(el: HTMLVideoElement | null): Promise<Blob | string> {
  if (!el || !el.videoWidth || !el.videoHeight) return CAMERA_MESSAGES.notCaptured;
  const canvas = document.createElement('canvas');
  const context = typeof canvas.getContext === 'function' ? canvas.getContext('2d') : null;
  if (!context || typeof canvas.toBlob !== 'function') return CAMERA_MESSAGES.noCanvas;
  const { sx, sy, sw, sh } = cropTo43(el.videoWidth, el.videoHeight);
  const scale = Math.min(1, MAX_SIDE / Math.max(sw, sh));
  canvas.width = Math.round(sw * scale);
  canvas.height = Math.round(sh * scale);
  context.drawImage(el, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => {
    try {
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY);
    } catch {
      resolve(null);
    }
  });
  return blob && blob.size > 0 ? blob : CAMERA_MESSAGES.notCaptured;
}

export function useCamera(video: RefObject<HTMLVideoElement | null>): Camera {
  const [state, setState] = useState<CameraState>('off');
  const stream = useRef<MediaStream | null>(null);
  const alive = useRef(true);

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  }, [video]);

  const stop = useCallback(() => {
    release();
    setState('off');
  }, [release]);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      release();
    };
  }, [release]);

  const open = useCallback(
    async (deviceId?: string): Promise<string | null> => {
      if (!cameraSupported()) return CAMERA_MESSAGES.noCamera;
      setState('starting');
      try {
        const next = await navigator.mediaDevices.getUserMedia({
          video: videoConstraints(deviceId),
          audio: false,
        });
        if (!alive.current) {
          for (const track of next.getTracks()) track.stop();
          return null;
        }
        release();
        stream.current = next;
        setState('on');
        return null;
      } catch (error) {
        if (alive.current) setState(stream.current ? 'on' : 'off');
        return cameraErrorMessage(error);
      }
    },
    [release],
  );

  // The <video> is rendered once the state is 'on': give it the stream then.
  useEffect(() => {
    const el = video.current;
    if (state !== 'on' || !el || !stream.current || el.srcObject === stream.current) return;
    el.srcObject = stream.current;
    void el.play().catch(() => undefined);
  });

  const switchCamera = useCallback(async (): Promise<string | null> => {
    if (!cameraSupported() || typeof navigator.mediaDevices.enumerateDevices !== 'function')
      return CAMERA_MESSAGES.oneCamera;
    const cameras = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput');
    if (cameras.length < 2) return CAMERA_MESSAGES.oneCamera;
    const current = stream.current?.getVideoTracks()[0]?.getSettings().deviceId;
    const at = cameras.findIndex((d) => d.deviceId === current);
    const next = cameras[(at + 1) % cameras.length]!;
    // Some phones cannot open a second camera while one is on: let go of this one first.
    release();
    const failed = await open(next.deviceId || undefined);
    if (failed && alive.current) {
      // Back to the camera there was, if it opens again.
      await open(current || undefined);
    }
    return failed;
  }, [open, release]);

  const capture = useCallback(() => captureFrame(video.current), [video]);

  return { state, start: () => open(), switchCamera, capture, stop };
}
