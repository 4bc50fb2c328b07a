/**
 * A real, playable WAV: 16-bit mono PCM of a short pentatonic melody made of
 * sine tones with soft attack and release (no clicks between notes).
 */
export const SAMPLE_RATE = 8_000;

/** Semitones above A4 = 440 Hz. */
const NOTE: Record<string, number> = { C5: 3, D5: 5, E5: 7, G5: 10, A5: 12, C6: 15 };

const DEFAULT_MELODY: [keyof typeof NOTE, number][] = [
	['C5', 0.3], ['D5', 0.3], ['E5', 0.3], ['G5', 0.3], ['A5', 0.45],
	['G5', 0.3], ['E5', 0.3], ['D5', 0.3], ['C5', 0.6]
];

/** 16-bit little-endian mono samples of the melody. */
export function pcmMelody(melody = DEFAULT_MELODY): Buffer {
	const samples: number[] = [];
	for (const [note, seconds] of melody) {
		const freq = 440 * 2 ** (NOTE[note]! / 12);
		const n = Math.round(seconds * SAMPLE_RATE);
		const fade = Math.round(0.02 * SAMPLE_RATE);
		for (let i = 0; i < n; i++) {
			const envelope = Math.min(1, i / fade, (n - i) / fade);
			samples.push(Math.round(Math.sin((2 * Math.PI * freq * i) / SAMPLE_RATE) * envelope * 0.4 * 32767));
		}
	}
	const pcm = Buffer.alloc(samples.length * 2);
	samples.forEach((s, i) => pcm.writeInt16LE(s, i * 2));
	return pcm;
}

export function wavBytes(melody = DEFAULT_MELODY): Uint8Array {
	const pcm = pcmMelody(melody);
	const header = Buffer.alloc(44);
	header.write('RIFF', 0, 'ascii');
	header.writeUInt32LE(36 + pcm.length, 4);
	header.write('WAVE', 8, 'ascii');
	header.write('fmt ', 12, 'ascii');
	header.writeUInt32LE(16, 16); // fmt chunk size
	header.writeUInt16LE(1, 20); // PCM
	header.writeUInt16LE(1, 22); // mono
	header.writeUInt32LE(SAMPLE_RATE, 24);
	header.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
	header.writeUInt16LE(2, 32); // block align
	header.writeUInt16LE(16, 34); // bits per sample
	header.write('data', 36, 'ascii');
	header.writeUInt32LE(pcm.length, 40);
	return new Uint8Array(Buffer.concat([header, pcm]));
}
