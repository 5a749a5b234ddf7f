/**
 * A strict little XML reader for tests of the XML the app writes (feeds): elements, attributes,
 * text, the five predefined entities and numeric character references, an XML declaration.
 * It throws on anything not well-formed (an unescaped `<` or `&`, unbalanced or crossed tags,
 * unquoted or repeated attributes, text outside the root), which is what the tests want to catch.
 * No DTDs, CDATA, comments or processing instructions: the app writes none.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded), children's text excluded. */
  text: string;
}

const NAME = /^[A-Za-z_][\w.:-]*/;
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(raw: string, where: number): string {
  if (raw.includes("<")) throw new Error(`Unescaped < at ${where}`);
  return raw.replace(/&([^;]*);|&/g, (match, ref: string | undefined) => {
    if (ref === undefined) throw new Error(`Bare & at ${where}`);
    if (ref in ENTITIES) return ENTITIES[ref]!;
    const num = /^#x([0-9a-fA-F]+)$/.exec(ref) ?? /^#(\d+)$/.exec(ref);
    if (num) return String.fromCodePoint(Number.parseInt(num[1]!, ref.startsWith("#x") ? 16 : 10));
    throw new Error(`Unknown entity ${match} at ${where}`);
  });
}

export function parseXml(xml: string): XmlElement {
  let pos = 0;
  const rest = () => xml.slice(pos);
  const skipSpace = () => {
    while (pos < xml.length && /\s/.test(xml[pos]!)) pos++;
  };
  if (xml.startsWith("<?xml")) {
    const end = xml.indexOf("?>");
    if (end < 0) throw new Error("Unterminated XML declaration");
    pos = end + 2;
  }
  skipSpace();

  function element(): XmlElement {
    if (xml[pos] !== "<") throw new Error(`Expected < at ${pos}`);
    pos++;
    const name = NAME.exec(rest())?.[0];
    if (!name) throw new Error(`Bad element name at ${pos}`);
    pos += name.length;
    const el: XmlElement = { name, attributes: {}, children: [], text: "" };
    for (;;) {
      const before = pos;
      skipSpace();
      if (xml.startsWith("/>", pos)) {
        pos += 2;
        return el;
      }
      if (xml[pos] === ">") {
        pos++;
        break;
      }
      if (pos === before) throw new Error(`Expected whitespace before an attribute at ${pos}`);
      const attr = NAME.exec(rest())?.[0];
      if (!attr) throw new Error(`Bad attribute at ${pos}`);
      pos += attr.length;
      if (xml[pos] !== "=" || (xml[pos + 1] !== '"' && xml[pos + 1] !== "'")) throw new Error(`Unquoted attribute ${attr} at ${pos}`);
      const quote = xml[pos + 1]!;
      const end = xml.indexOf(quote, pos + 2);
      if (end < 0) throw new Error(`Unterminated attribute ${attr}`);
      if (attr in el.attributes) throw new Error(`Repeated attribute ${attr}`);
      el.attributes[attr] = decode(xml.slice(pos + 2, end), pos);
      pos = end + 1;
    }
    for (;;) {
      const next = xml.indexOf("<", pos);
      if (next < 0) throw new Error(`Unclosed <${name}>`);
      el.text += decode(xml.slice(pos, next), pos);
      pos = next;
      if (xml.startsWith("</", pos)) {
        const close = `</${name}>`;
        if (!xml.startsWith(close, pos)) throw new Error(`Expected ${close} at ${pos}, found ${xml.slice(pos, pos + 20)}`);
        pos += close.length;
        return el;
      }
      el.children.push(element());
    }
  }

  const root = element();
  skipSpace();
  if (pos !== xml.length) throw new Error(`Content after the root element at ${pos}`);
  return root;
}

/** Direct children named `name`. */
export const childrenNamed = (el: XmlElement, name: string) => el.children.filter((c) => c.name === name);

/** The text of the first direct child named `name` (undefined when there is none). */
export const childText = (el: XmlElement, name: string) => el.children.find((c) => c.name === name)?.text;
