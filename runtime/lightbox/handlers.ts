/**
 * Chrome checks every event-handler and `style` attribute against the page's CSP as the
 * parser creates it, in any document and even inside `setHTML` (which then drops it): a
 * strict page gets a `script-src-attr` or `style-src-attr` violation report for content that
 * never runs. So before parsing, each such attribute is renamed `data-sw-dropped-…`, which
 * the rules drop. A small copy of the HTML tokenizer's start-tag states finds the names where
 * the parser will (after a quoted value with no space, after `/`, with `>` inside quotes), in
 * linear time. It reads the markup twice: once with raw-text elements (`<style>`, `<title>`…)
 * holding markup, as they do inside SVG, once holding text, as they do in HTML; a name found
 * in either reading is renamed. At worst an odd shape still causes a report: never a run, as
 * the rules drop these attributes whatever their name was.
 */
export const DROPPED_PREFIX = 'data-sw-dropped-';

const space = /[\t\n\f\r ]/;
const renamed = /^(on|style(?=[\t\n\f\r />=]|$))/i;
const rawText = /^(style|script|xmp|iframe|noembed|noframes|noscript|textarea|title|plaintext)$/i;

type State = 'tag' | 'before' | 'name' | 'afterName' | 'beforeValue' | 'quoted' | 'afterQuoted' | 'unquoted';

/** The start tag at `from` (`<` and a letter), renamed, its name, and the index after its `>`. */
function startTag(html: string, from: number): [string, string, number] {
  let out = '';
  let state = 'tag' as State;
  let quote = '';
  let i = from;
  for (; i < html.length; i++) {
    const c = html[i]!;
    if (state === 'quoted') {
      if (c === quote) state = 'afterQuoted';
    } else if (c === '>') {
      break;
    } else if (state === 'beforeValue') {
      if (c === '"' || c === "'") {
        state = 'quoted';
        quote = c;
      } else if (!space.test(c)) state = 'unquoted';
    } else if (state === 'unquoted') {
      if (space.test(c)) state = 'before';
    } else if (space.test(c)) {
      state = state === 'name' || state === 'afterName' ? 'afterName' : 'before';
    } else if (c === '/') {
      state = 'before';
    } else if (c === '=' && (state === 'name' || state === 'afterName')) {
      state = 'beforeValue';
    } else if (state === 'before' || state === 'afterName' || state === 'afterQuoted') {
      // An attribute name starts here.
      if (renamed.test(html.slice(i, i + 6))) out += DROPPED_PREFIX;
      state = 'name';
    }
    out += c;
  }
  const name = /^<([^\s/>]+)/.exec(out)?.[1] ?? '';
  return [i < html.length ? out + '>' : out, name, i + 1];
}

/** One reading; with `textInRawText`, a raw-text element's content is skipped as text. */
function pass(html: string, textInRawText: boolean): string {
  let out = '';
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    out += html.slice(i, lt);
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      i = end < 0 ? html.length : end + 3;
      out += html.slice(lt, i);
    } else if (/[a-z]/i.test(html[lt + 1] ?? '')) {
      const [tag, name, next] = startTag(html, lt);
      out += tag;
      i = next;
      if (textInRawText && rawText.test(name)) {
        const close = new RegExp(`</${name}[\\t\\n\\f\\r />]`, 'gi');
        close.lastIndex = i;
        const end = close.exec(html)?.index ?? html.length;
        out += html.slice(i, end);
        i = end;
      }
    } else {
      out += '<';
      i = lt + 1;
    }
  }
  return out + html.slice(i);
}

export function renameHandlers(html: string): string {
  return pass(pass(html, false), true);
}
