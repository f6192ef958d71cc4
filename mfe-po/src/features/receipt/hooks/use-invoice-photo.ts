/**
 * What the invoice photo's buttons do (SPEC §2): open the camera, capture (toast 'Captured
 * Successfully', or 'No photo captured'), switch camera, or choose a file. A picture the service
 * would refuse (not a JPEG, PNG or WebP, above 5 MB) is refused here, before anything is sent; the
 * reason is shown beside the photo and as a toast.
 */
import { toast } from '@erp/ui';
import { useState, type ChangeEvent, type RefObject } from 'react';
import { CAMERA_MESSAGES, checkPhoto } from './photo-check';
import type { ChosenPhoto } from './receipt-wizard-state';
import { useCamera } from './use-camera';

export function useInvoicePhoto(
  video: RefObject<HTMLVideoElement | null>,
  onPhoto: (photo: ChosenPhoto | null) => void,
) {
  const camera = useCamera(video);
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);

  const fail = (text: string) => {
    setMessage(text);
    toast({ title: text, variant: 'destructive' });
  };

  /** The picture checked, then taken as the invoice's photo (the camera closed); false when refused. */
  const accept = async (blob: Blob, source: ChosenPhoto['source']): Promise<boolean> => {
    const check = await checkPhoto(blob);
    if (!check.ok) {
      fail(check.message);
      return false;
    }
    camera.stop();
    setMessage(null);
    onPhoto({ blob, source });
    return true;
  };

  const takePhoto = async () => {
    setMessage(null);
    const problem = await camera.start();
    if (problem) fail(problem);
  };

  const capture = async () => {
    setBusy(true);
    try {
      const result = await camera.capture();
      if (typeof result === 'string') {
        // 'No photo captured', or the canvas is not supported.
        fail(result);
        if (result === CAMERA_MESSAGES.noCanvas) camera.stop();
        return;
      }
      if (await accept(result, 'camera')) toast({ title: CAMERA_MESSAGES.captured, variant: 'success' });
    } finally {
      setBusy(false);
    }
  };

  const switchCamera = async () => {
    setBusy(true);
    try {
      const problem = await camera.switchCamera();
      if (problem) fail(problem);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // The same file chosen again (after Remove) must fire a change again.
    input.value = '';
    if (!file) return;
    setChecking(true);
    try {
      await accept(file, 'file');
    } finally {
      setChecking(false);
    }
  };

  return { camera, message, checking, busy, takePhoto, capture, switchCamera, choose };
}
