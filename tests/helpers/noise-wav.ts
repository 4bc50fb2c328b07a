/** A WAV of `size` bytes of noise: recognised by its RIFF/WAVE header, large enough to need parts. */
export function noiseWav(size: number): Uint8Array {
	const bytes = new Uint8Array(size);
	crypto.getRandomValues(bytes.subarray(44, Math.min(size, 44 + 65_536)));
	for (let i = 44 + 65_536; i < size; i += 65_536) bytes.copyWithin(i, 44, Math.min(44 + 65_536, 44 + size - i));
	const view = new DataView(bytes.buffer);
	new TextEncoder().encodeInto('RIFF', bytes);
	view.setUint32(4, size - 8, true);
	new TextEncoder().encodeInto('WAVEfmt ', bytes.subarray(8));
	view.setUint32(16, 16, true);
	view.setUint16(20, 1, true);
	view.setUint16(22, 1, true);
	view.setUint32(24, 8000, true);
	view.setUint32(28, 8000, true);
	view.setUint16(32, 1, true);
	view.setUint16(34, 8, true);
	new TextEncoder().encodeInto('data', bytes.subarray(36));
	view.setUint32(40, size - 44, true);
	return bytes;
}
