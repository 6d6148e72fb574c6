import { useEffect, useState } from 'react';
import { readStorage, writeStorage } from '@client/lib/storage';

function readSeen(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(readStorage('seenStreaks') ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The streak last shown for this student on this device (0 when none was). */
export function seenStreak(studentId: number): number {
  const value = readSeen()[studentId];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function rememberStreak(studentId: number, days: number): void {
  writeStorage('seenStreaks', JSON.stringify({ ...readSeen(), [studentId]: days }));
}

/**
 * The streak's new length when it grew since this device last showed it (null otherwise), so the
 * Today panel can celebrate once; a shorter streak (a broken one) is remembered without a word.
 */
export function useStreakGrowth(studentId: number, streak: number | undefined): number | null {
  const [grown, setGrown] = useState<number | null>(null);
  useEffect(() => {
    if (streak === undefined) return;
    const seen = seenStreak(studentId);
    if (streak === seen) return;
    rememberStreak(studentId, streak);
    if (streak > seen) setGrown(streak);
  }, [studentId, streak]);
  return grown;
}
