import { vi } from 'vitest';

/**
 * Stand-ins for the browser's media APIs (the boundary jsdom lacks): a microphone behind
 * getUserMedia, MediaRecorder, Web Audio's AnalyserNode, object URLs and <audio> playback.
 */

export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  /** Like Chrome: the data comes in pieces, then `stop`. */
  stop() {
    if (this.state === 'inactive') return;
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['webm-head-'], { type: this.mimeType }) });
    this.ondataavailable?.({ data: new Blob(['webm-rest'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

class FakeAudioContext {
  resume = () => Promise.resolve();
  close = () => Promise.resolve();
  createMediaStreamSource = () => ({ connect: () => undefined });
  createAnalyser = () => ({
    fftSize: 512,
    // A steady, fairly loud signal.
    getByteTimeDomainData: (samples: Uint8Array) => samples.fill(160),
  });
}

/** A microphone that is granted, or refused with the DOMException `refusal` names. */
export function installMicrophone(refusal?: 'NotAllowedError' | 'NotFoundError') {
  FakeMediaRecorder.instances = [];
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => {
    if (refusal) throw new DOMException('refused', refusal);
    return { getTracks: () => [track] };
  });
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return { getUserMedia, track };
}

/** Object URLs and <audio> playback: `play` starts (firing "play"), `pause` stops. */
export function installPlayback() {
  let n = 0;
  URL.createObjectURL = () => `blob:test/${++n}`;
  URL.revokeObjectURL = () => undefined;
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
    this.dispatchEvent(new Event('pause'));
  });
  return { play, pause };
}

export function removeMedia() {
  delete (navigator as unknown as Record<string, unknown>).mediaDevices;
  delete (URL as unknown as Record<string, unknown>).createObjectURL;
  delete (URL as unknown as Record<string, unknown>).revokeObjectURL;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
}
