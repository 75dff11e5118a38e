/**
 * Mail content is "simple markup" (spec section 3): <p> paragraphs with <br/> line breaks. It is
 * turned into text paragraphs rather than injected as HTML, so a mail can never run script.
 */
export function markupParagraphs(content: string): string[] {
  return content
    .split(/<\/p>/i)
    .map((p) =>
      p
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter((p) => p !== '');
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Typed text as the same simple markup: blank lines separate paragraphs. */
export function textToMarkup(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escape(p).replace(/\n/g, '<br/>')}</p>`)
    .join('');
}
