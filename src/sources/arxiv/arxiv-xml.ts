/**
 * arXiv's two XML formats read with fast-xml-parser (a maintained, dependency-free parser) rather than
 * regular expressions: entities, CDATA, namespaces and attribute order are its problem, not ours. Values
 * stay strings (`parseTagValue: false`), so an id such as `2401.10000` is never read as a number.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PaperboyError } from '../../errors';

const repeated = new Set(['item', 'entry', 'category', 'author', 'link']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => repeated.has(name),
});

export type XmlNode = Record<string, unknown>;

/** The document as nested objects; a body that is not well-formed XML is a bad answer, said once. */
export function parseXml(text: string, what: string): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new PaperboyError(
      'source_bad_response',
      `${what} is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`,
    );
  }
  const parsed: unknown = parser.parse(text);
  if (typeof parsed !== 'object' || parsed === null)
    throw new PaperboyError('source_bad_response', `${what} is empty`);
  return parsed as XmlNode;
}

/** The element's text (its `#text` when it has attributes), whitespace runs collapsed; null when absent. */
export function textOf(node: unknown): string | null {
  const raw =
    typeof node === 'string'
      ? node
      : typeof node === 'object' && node !== null && '#text' in node
        ? String((node as XmlNode)['#text'])
        : null;
  if (raw === null) return null;
  const text = raw.replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

export const childOf = (node: unknown, name: string): unknown =>
  typeof node === 'object' && node !== null ? (node as XmlNode)[name] : undefined;

export const listOf = (node: unknown): unknown[] =>
  Array.isArray(node) ? node : node === undefined ? [] : [node];

export const attributeOf = (node: unknown, name: string): string | null => {
  const value = childOf(node, `@_${name}`);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};
