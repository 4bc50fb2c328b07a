/**
 * A real, playable video without an encoder: an AVI (RIFF) with uncompressed
 * 24-bit RGB frames and a PCM soundtrack, which VLC, ffmpeg and Windows play.
 * 128×72 at 2 frames per second keeps a few seconds at about 220 KB.
 */
import { pcmMelody, SAMPLE_RATE } from './wav';

const WIDTH = 128;
const HEIGHT = 72;
const FPS = 2;

function chunk(id: string, data: Buffer): Buffer {
	const head = Buffer.alloc(8);
	head.write(id, 0, 'ascii');
	head.writeUInt32LE(data.length, 4);
	return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function list(type: string, children: Buffer[]): Buffer {
	return chunk('LIST', Buffer.concat([Buffer.from(type, 'ascii'), ...children]));
}

function u32s(...values: number[]): Buffer {
	const b = Buffer.alloc(values.length * 4);
	values.forEach((v, i) => b.writeUInt32LE(v, i * 4));
	return b;
}

/** A colour wash that drifts from frame to frame, with a light bar crossing the screen (bottom-up BGR rows). */
function frame(index: number, total: number): Buffer {
	const px = Buffer.alloc(WIDTH * HEIGHT * 3);
	const barX = Math.round(((index + 0.5) / total) * (WIDTH - 16));
	for (let y = 0; y < HEIGHT; y++) {
		for (let x = 0; x < WIDTH; x++) {
			const o = (y * WIDTH + x) * 3;
			const inBar = x >= barX && x < barX + 16 && y >= 28 && y < 44;
			px[o] = inBar ? 250 : 120 + ((x + index * 20) % 100); // blue
			px[o + 1] = inBar ? 250 : 60 + Math.round((y / HEIGHT) * 120); // green
			px[o + 2] = inBar ? 250 : 40 + index * 25; // red
		}
	}
	return px;
}

export function aviBytes(): Uint8Array {
	const audio = pcmMelody();
	const frames = Math.ceil(audio.length / 2 / (SAMPLE_RATE / FPS));
	const audioPerFrame = (SAMPLE_RATE / FPS) * 2;
	const frameSize = WIDTH * HEIGHT * 3;

	const movi: Buffer[] = [];
	const index: Buffer[] = [];
	let offset = 4; // idx1 offsets count from the 'movi' fourcc
	const add = (id: string, data: Buffer) => {
		const c = chunk(id, data);
		index.push(Buffer.concat([Buffer.from(id, 'ascii'), u32s(0x10, offset, data.length)]));
		movi.push(c);
		offset += c.length;
	};
	for (let i = 0; i < frames; i++) {
		add('00db', frame(i, frames));
		const slice = audio.subarray(i * audioPerFrame, (i + 1) * audioPerFrame);
		if (slice.length > 0) add('01wb', slice);
	}

	const rect = Buffer.alloc(8);
	rect.writeUInt16LE(WIDTH, 4);
	rect.writeUInt16LE(HEIGHT, 6);
	const streamHeader = (type: string, handler: string, scale: number, rate: number, length: number, buffer: number, sampleSize: number) =>
		chunk('strh', Buffer.concat([Buffer.from(type + handler, 'ascii'), u32s(0, 0, 0, scale, rate, 0, length, buffer, 0xffffffff, sampleSize), rect]));
	const bitmapInfo = u32s(40, WIDTH, HEIGHT, 0, 0, frameSize, 0, 0, 0, 0);
	bitmapInfo.writeUInt16LE(1, 12); // planes
	bitmapInfo.writeUInt16LE(24, 14); // bits per pixel; compression 0 = BI_RGB
	const waveFormat = Buffer.alloc(18);
	waveFormat.writeUInt16LE(1, 0); // PCM
	waveFormat.writeUInt16LE(1, 2);
	waveFormat.writeUInt32LE(SAMPLE_RATE, 4);
	waveFormat.writeUInt32LE(SAMPLE_RATE * 2, 8);
	waveFormat.writeUInt16LE(2, 12);
	waveFormat.writeUInt16LE(16, 14);

	const mainHeader = u32s(1_000_000 / FPS, frameSize * FPS + SAMPLE_RATE * 2, 0, 0x10, frames, 0, 2, frameSize, WIDTH, HEIGHT, 0, 0, 0, 0);
	const hdrl = list('hdrl', [
		chunk('avih', mainHeader),
		list('strl', [streamHeader('vids', 'DIB ', 1, FPS, frames, frameSize, 0), chunk('strf', bitmapInfo)]),
		list('strl', [streamHeader('auds', '\0\0\0\0', 2, SAMPLE_RATE * 2, audio.length / 2, audioPerFrame, 2), chunk('strf', waveFormat)])
	]);
	const body = Buffer.concat([Buffer.from('AVI ', 'ascii'), hdrl, list('movi', movi), chunk('idx1', Buffer.concat(index))]);
	return new Uint8Array(chunk('RIFF', body));
}
