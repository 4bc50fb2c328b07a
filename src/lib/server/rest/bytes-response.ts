/**
 * A Response for a body already in memory (a JSON answer's bytes) that makes its web body stream
 * only if something reads it. Node's Response builds a ReadableStream and copies the bytes the
 * moment it is given a body: 15 µs against under 1 µs without one, about 4 % of a signed-in
 * read's CPU (docs/performance.md, "Answers without a body stream"). The front (../http/front.ts)
 * and the response cache write the bytes as they are, so for them the stream is never made;
 * SvelteKit, compression and tests read `body`, `text()` or `json()` as from any Response.
 */
export class BytesResponse extends Response {
	readonly #bytes: Uint8Array<ArrayBuffer>;
	/** The ordinary Response the body is read through, made at the first read. */
	#read: Response | undefined;

	constructor(bytes: Uint8Array<ArrayBuffer>, init: { status: number; headers: Headers }) {
		super(null, init);
		this.#bytes = bytes;
	}

	/** The bytes, when nothing has read the body yet. */
	unread(): Uint8Array<ArrayBuffer> | undefined {
		return this.#read ? undefined : this.#bytes;
	}

	#reader(): Response {
		this.#read ??= new Response(this.#bytes, { status: this.status, statusText: this.statusText, headers: this.headers });
		return this.#read;
	}

	override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
		return this.#reader().body!;
	}

	override get bodyUsed(): boolean {
		return this.#read?.bodyUsed ?? false;
	}

	override arrayBuffer(): Promise<ArrayBuffer> {
		return this.#reader().arrayBuffer();
	}

	override bytes(): Promise<Uint8Array<ArrayBuffer>> {
		return this.#reader().bytes();
	}

	override blob(): Promise<Blob> {
		return this.#reader().blob();
	}

	override formData(): Promise<FormData> {
		return this.#reader().formData();
	}

	override json(): Promise<unknown> {
		return this.#reader().json();
	}

	override text(): Promise<string> {
		return this.#reader().text();
	}

	override clone(): Response {
		if (this.#read) return this.#read.clone();
		return new BytesResponse(this.#bytes, { status: this.status, headers: new Headers(this.headers) });
	}
}

/** `response`'s bytes, when it is a BytesResponse whose body has not been read. */
export function unreadBytes(response: Response): Uint8Array | undefined {
	return response instanceof BytesResponse ? response.unread() : undefined;
}
