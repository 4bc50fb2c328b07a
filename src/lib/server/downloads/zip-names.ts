/**
 * Names of the entries of a product's ZIP: each file's own name, never a path
 * (no folder separators, no "..", no control characters, so unpacking cannot
 * write outside the folder it was asked to), and unique: a second
 * "Phiếu.pdf" becomes "Phiếu (2).pdf".
 */
export function zipEntryNames(names: readonly string[]): string[] {
	const taken = new Set<string>();
	return names.map((raw, i) => {
		// eslint-disable-next-line no-control-regex
		const flat = raw.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_').replace(/^[.\s]+/, '').trim() || `tep-${i + 1}`;
		const dot = flat.lastIndexOf('.');
		const [stem, ext] = dot > 0 ? [flat.slice(0, dot), flat.slice(dot)] : [flat, ''];
		let name = flat;
		for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
		taken.add(name.toLowerCase());
		return name;
	});
}
