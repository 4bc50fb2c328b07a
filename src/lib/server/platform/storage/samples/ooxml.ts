/**
 * Minimal but valid Office Open XML documents (the parts Word and PowerPoint
 * require, nothing more). Unlike the PDF, text keeps its Vietnamese diacritics.
 */
import { zipBytes } from './zip';

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const OFFICE_DOC = `${DOC_RELS}/officeDocument`;

function esc(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function rels(items: [id: string, type: string, target: string][]): string {
	return `${XML}<Relationships xmlns="${PKG_RELS}">${items
		.map(([id, type, target]) => `<Relationship Id="${id}" Type="${DOC_RELS}/${type}" Target="${target}"/>`)
		.join('')}</Relationships>`;
}

function contentTypes(overrides: [part: string, type: string][]): string {
	return `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides
		.map(([part, type]) => `<Override PartName="${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}"/>`)
		.join('')}</Types>`;
}

export function docxBytes(title: string, paragraphs: readonly string[]): Uint8Array {
	const para = (text: string, bold = false, size?: number) =>
		`<w:p><w:r>${bold || size ? `<w:rPr>${bold ? '<w:b/>' : ''}${size ? `<w:sz w:val="${size}"/>` : ''}</w:rPr>` : ''}<w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`;
	const document = `${XML}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para(title, true, 32)}${paragraphs
		.map((p) => para(p))
		.join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`;
	return zipBytes([
		{ name: '[Content_Types].xml', data: contentTypes([['/word/document.xml', 'wordprocessingml.document.main+xml']]) },
		{ name: '_rels/.rels', data: `${XML}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${OFFICE_DOC}" Target="word/document.xml"/></Relationships>` },
		{ name: 'word/document.xml', data: document }
	]);
}

const EMPTY_TREE = '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>';

function textBox(id: number, y: number, height: number, text: string, size: number, bold: boolean): string {
	return `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="Text ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr><a:xfrm><a:off x="457200" y="${y}"/><a:ext cx="8229600" cy="${height}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr><p:txBody><a:bodyPr wrap="square"/><a:lstStyle/><a:p><a:r><a:rPr lang="vi-VN" sz="${size}"${bold ? ' b="1"' : ''}/><a:t>${esc(text)}</a:t></a:r></a:p></p:txBody></p:sp>`;
}

function slide(title: string, body: string): string {
	return `${XML}<p:sld xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}"><p:cSld><p:spTree>${EMPTY_TREE}${textBox(2, 685800, 1143000, title, 3600, true)}${textBox(3, 2057400, 3429000, body, 2400, false)}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>`;
}

const fill = (color: string) => `<a:solidFill><a:srgbClr val="${color}"/></a:solidFill>`;
const THEME = `${XML}<a:theme xmlns:a="${A}" name="hoclieu"><a:themeElements><a:clrScheme name="hoclieu"><a:dk1><a:srgbClr val="000000"/></a:dk1><a:lt1><a:srgbClr val="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="1F3864"/></a:dk2><a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1><a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3><a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5><a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink><a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme><a:fontScheme name="hoclieu"><a:majorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Arial"/><a:ea typeface=""/><a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="hoclieu"><a:fillStyleLst>${fill('FFFFFF')}${fill('DDDDDD')}${fill('BBBBBB')}</a:fillStyleLst><a:lnStyleLst>${[6350, 12700, 19050]
	.map((w) => `<a:ln w="${w}">${fill('000000')}</a:ln>`)
	.join('')}</a:lnStyleLst><a:effectStyleLst>${'<a:effectStyle><a:effectLst/></a:effectStyle>'.repeat(3)}</a:effectStyleLst><a:bgFillStyleLst>${fill('FFFFFF')}${fill('F2F2F2')}${fill('D9D9D9')}</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>`;

const CLR_MAP =
	'<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>';

/** One slide per entry: `[heading, body]`. */
export function pptxBytes(title: string, slides: readonly [string, string][]): Uint8Array {
	const all: [string, string][] = [[title, 'hoclieu.vn — học liệu cho thầy cô'], ...slides];
	const slideParts = all.flatMap(([heading, body], i) => [
		{ name: `ppt/slides/slide${i + 1}.xml`, data: slide(heading, body) },
		{ name: `ppt/slides/_rels/slide${i + 1}.xml.rels`, data: rels([['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml']]) }
	]);
	const presentation = `${XML}<p:presentation xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}"><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst><p:sldIdLst>${all
		.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 3}"/>`)
		.join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000" type="screen4x3"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`;
	return zipBytes([
		{
			name: '[Content_Types].xml',
			data: contentTypes([
				['/ppt/presentation.xml', 'presentationml.presentation.main+xml'],
				['/ppt/slideMasters/slideMaster1.xml', 'presentationml.slideMaster+xml'],
				['/ppt/slideLayouts/slideLayout1.xml', 'presentationml.slideLayout+xml'],
				['/ppt/theme/theme1.xml', 'theme+xml'],
				...all.map((_, i): [string, string] => [`/ppt/slides/slide${i + 1}.xml`, 'presentationml.slide+xml'])
			])
		},
		{ name: '_rels/.rels', data: `${XML}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${OFFICE_DOC}" Target="ppt/presentation.xml"/></Relationships>` },
		{ name: 'ppt/presentation.xml', data: presentation },
		{
			name: 'ppt/_rels/presentation.xml.rels',
			data: rels([
				['rId1', 'slideMaster', 'slideMasters/slideMaster1.xml'],
				['rId2', 'theme', 'theme/theme1.xml'],
				...all.map((_, i): [string, string, string] => [`rId${i + 3}`, 'slide', `slides/slide${i + 1}.xml`])
			])
		},
		{
			name: 'ppt/slideMasters/slideMaster1.xml',
			data: `${XML}<p:sldMaster xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}"><p:cSld><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld>${CLR_MAP}<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst></p:sldMaster>`
		},
		{
			name: 'ppt/slideMasters/_rels/slideMaster1.xml.rels',
			data: rels([
				['rId1', 'slideLayout', '../slideLayouts/slideLayout1.xml'],
				['rId2', 'theme', '../theme/theme1.xml']
			])
		},
		{
			name: 'ppt/slideLayouts/slideLayout1.xml',
			data: `${XML}<p:sldLayout xmlns:a="${A}" xmlns:r="${DOC_RELS}" xmlns:p="${P}" type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>${EMPTY_TREE}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>`
		},
		{ name: 'ppt/slideLayouts/_rels/slideLayout1.xml.rels', data: rels([['rId1', 'slideMaster', '../slideMasters/slideMaster1.xml']]) },
		{ name: 'ppt/theme/theme1.xml', data: THEME },
		...slideParts
	]);
}
