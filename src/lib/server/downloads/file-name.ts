/** The name the browser saves: the product's file name, else its title with the stored file's extension. */
export function productFileName(p: { title: string; fileName: string | null; fileKey: string }): string {
	if (p.fileName) return p.fileName;
	const ext = /\.[A-Za-z0-9]{1,8}$/.exec(p.fileKey)?.[0] ?? '';
	return `${p.title}${ext}`;
}
