import { loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages, printed around benchmark runs so a noisy machine shows. */
export const loadAverage = () => loadavg().map((l) => l.toFixed(2)).join(' ');
