import { useCallback, useEffect, useRef, useState } from 'react';
import { AUDIO_RECORD_MAX_SECONDS } from '@shared/constants';

/** Why recording did not start or gave nothing; each has a message, and the file choice stays. */
export type RecorderProblem = 'denied' | 'no-microphone' | 'unsupported' | 'failed' | 'empty';
export type RecorderPhase = 'idle' | 'asking' | 'recording';

const MAX_MS = AUDIO_RECORD_MAX_SECONDS * 1000;

/** Tried in order: Chrome and Firefox record WebM or Ogg with Opus, Safari MP4 with AAC. */
const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm'];

/** A file name for a recording of `type`: the server goes by the content, people by the name. */
export function recordingName(prefix: string, type: string): string {
  const ext = /ogg/.test(type) ? 'ogg' : /mp4|aac/.test(type) ? 'm4a' : /wav/.test(type) ? 'wav' : 'webm';
  return `${prefix}.${ext}`;
}

function problemOf(err: unknown): RecorderProblem {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (['NotAllowedError', 'SecurityError', 'PermissionDeniedError'].includes(name)) return 'denied';
  if (['NotFoundError', 'OverconstrainedError', 'DevicesNotFoundError'].includes(name)) return 'no-microphone';
  return 'failed';
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  startedAt: number;
  /** Set when the recording is abandoned (form closed): nothing is kept. */
  discard: boolean;
  context?: AudioContext;
  frame?: number;
  ticker?: ReturnType<typeof setInterval>;
  limit?: ReturnType<typeof setTimeout>;
}

function release(s: Session) {
  clearInterval(s.ticker);
  clearTimeout(s.limit);
  if (s.frame !== undefined) cancelAnimationFrame(s.frame);
  void s.context?.close().catch(() => undefined);
  for (const track of s.stream.getTracks()) track.stop();
}

/**
 * Recording from the microphone with MediaRecorder. The microphone is asked for only when `start`
 * runs; recording stops by itself after AUDIO_RECORD_MAX_SECONDS. The pieces MediaRecorder hands
 * over are joined into one Blob before `onRecorded` gets it (a piece alone is not a whole file).
 * `level` (0–1) follows the microphone through a Web Audio AnalyserNode, where there is one.
 */
export function useRecorder(onRecorded: (recording: Blob, seconds: number) => void) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [level, setLevel] = useState(0);
  const [problem, setProblem] = useState<RecorderProblem | null>(null);
  const session = useRef<Session | null>(null);
  const busy = useRef(false);
  // Bumped on unmount, so a microphone granted after the form closed is let go at once.
  const generation = useRef(0);
  const recorded = useRef(onRecorded);
  useEffect(() => {
    recorded.current = onRecorded;
  });

  const stop = useCallback(() => {
    const s = session.current;
    if (s && s.recorder.state !== 'inactive') s.recorder.stop();
  }, []);

  /** Resolves true once recording has started. */
  const start = useCallback(async (): Promise<boolean> => {
    if (busy.current) return false;
    setProblem(null);
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia || typeof window.MediaRecorder !== 'function') {
      setProblem('unsupported');
      return false;
    }
    busy.current = true;
    const mine = generation.current;
    setPhase('asking');
    let stream: MediaStream;
    try {
      stream = await media.getUserMedia({ audio: true });
    } catch (err) {
      busy.current = false;
      if (mine !== generation.current) return false;
      setPhase('idle');
      setProblem(problemOf(err));
      return false;
    }
    if (mine !== generation.current) {
      for (const track of stream.getTracks()) track.stop();
      return false;
    }
    let recorder: MediaRecorder;
    try {
      const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported?.(type));
      recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    } catch {
      for (const track of stream.getTracks()) track.stop();
      busy.current = false;
      setPhase('idle');
      setProblem('failed');
      return false;
    }
    const s: Session = { stream, recorder, startedAt: Date.now(), discard: false };
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size) chunks.push(e.data);
    };
    recorder.onstop = () => {
      release(s);
      session.current = null;
      busy.current = false;
      if (s.discard) return;
      const seconds = Math.min(Date.now() - s.startedAt, MAX_MS) / 1000;
      setPhase('idle');
      setLevel(0);
      const recording = new Blob(chunks, { type: recorder.mimeType || chunks[0]?.type || 'audio/webm' });
      if (recording.size === 0) setProblem('empty');
      else recorded.current(recording, seconds);
    };
    recorder.onerror = () => {
      s.discard = true;
      release(s);
      session.current = null;
      busy.current = false;
      setPhase('idle');
      setLevel(0);
      setProblem('failed');
    };
    session.current = s;
    recorder.start();
    setElapsedMs(0);
    setPhase('recording');
    s.ticker = setInterval(() => setElapsedMs(Math.min(Date.now() - s.startedAt, MAX_MS)), 200);
    s.limit = setTimeout(stop, MAX_MS);
    watchLevel(s, setLevel);
    return true;
  }, [stop]);

  useEffect(
    () => () => {
      generation.current++;
      const s = session.current;
      if (!s) return;
      s.discard = true;
      if (s.recorder.state !== 'inactive') s.recorder.stop();
      release(s);
    },
    [],
  );

  const clearProblem = useCallback(() => setProblem(null), []);
  return { phase, elapsedMs, level, problem, start, stop, clearProblem };
}

/** Feeds the microphone to an AnalyserNode and reports its loudness once a frame (quantised to twentieths). */
function watchLevel(s: Session, setLevel: (level: number) => void) {
  const Context =
    window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  try {
    const context = new Context();
    s.context = context;
    void context.resume().catch(() => undefined);
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(s.stream).connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const tick = () => {
      analyser.getByteTimeDomainData(samples);
      let sum = 0;
      for (const v of samples) sum += ((v - 128) / 128) ** 2;
      const rms = Math.sqrt(sum / samples.length);
      setLevel(Math.round(Math.min(1, rms * 4) * 20) / 20);
      s.frame = requestAnimationFrame(tick);
    };
    tick();
  } catch {
    /* the meter is a help; recording goes on without it */
  }
}
