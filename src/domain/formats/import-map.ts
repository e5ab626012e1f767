import { createMapRequestSchema, mapDataSchema, validate, type MapData } from '../belief-map';
import { defaultBodyLimitBytes } from '../limits';
import { err, ok, type Result } from '../result';
import { parseArgdown, type ParsedArgdown } from './argdown';

// PRODUCT §15.3: what "Import map" reads: the stored form as JSON (a published map, a draft or a
// publish request) or Argdown. Whatever the input, the result passes the shared schema with the
// publishing limits before anything is stored (rule F3); a refusal names the problem and, where it
// can, the line.

/** Largest input read, in characters: as much as a publish request may be (PRODUCT §3.3). */
export const maxImportLength = defaultBodyLimitBytes;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The map in `input` (JSON or Argdown, told apart by the first character), or why not. Pure but for new reason ids. */
export function importMap(input: string): Result<MapData> {
  if (input.length > maxImportLength) {
    return err(
      `The file is too large: a map can be at most ${(maxImportLength / 1024 / 1024).toFixed(0)} MiB`,
    );
  }
  const text = input.replace(/^\uFEFF/, '').trim();
  if (text === '') return err('The file is empty');
  if (/^<(!doctype|html|script|\?xml|[a-z]+[\s>])/i.test(text)) {
    return err('This is an HTML or XML page, not a belief map: choose a .json or .argdown file');
  }
  return text.startsWith('{') ? importJson(text) : importArgdown(text);
}

function importJson(text: string): Result<MapData> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`This is not valid JSON: ${jsonProblem(text, error as Error)}`);
  }
  const result = validate(createMapRequestSchema, json);
  return result.ok ? ok(result.value.data) : err(`This is not a belief map: ${result.error}`);
}

/** The parser's message, with the line of the position it names. */
function jsonProblem(text: string, error: Error): string {
  const position = /position (\d+)/.exec(error.message);
  const message = error.message.replace(/\s*\(line \d+ column \d+\)/, '');
  if (!position) return message;
  const line = text.slice(0, Number(position[1])).split('\n').length;
  return `line ${line}: ${message}`;
}

function importArgdown(text: string): Result<MapData> {
  const parsed = parseArgdown(text);
  if (!parsed.ok) return parsed;
  const { data, lines } = toMapData(parsed.value);
  const result = validate(mapDataSchema, data);
  if (result.ok) return result;
  // The schema's path names a reason by its index: name its line instead.
  const index = /^reasons\.(\d+)/.exec(result.error);
  const line = index ? lines[Number(index[1])] : parsed.value.belief.line;
  return err(`Line ${line ?? 1}: ${result.error.replace(/^reasons\.\d+\.?\w*: /, '')}`);
}

/** Map data from parsed Argdown, exact values from the data where the export put them there. */
function toMapData({ belief, reasons }: ParsedArgdown): { data: unknown; lines: number[] } {
  const ids = new Set<string>();
  const data = {
    title: text(belief.data.title, belief.title),
    description: text(belief.data.text, belief.text),
    reasons: reasons.map((reason) => {
      const given = reason.data.id;
      const id =
        typeof given === 'string' && uuidPattern.test(given) && !ids.has(given.toLowerCase())
          ? given
          : crypto.randomUUID();
      ids.add(id.toLowerCase());
      return {
        id,
        title: text(reason.data.title, reason.title),
        relevance: text(reason.data.text, reason.text),
        belief: 'belief' in reason.data ? reason.data.belief : null,
        support:
          'support' in reason.data ? reason.data.support : reason.relation === '+' ? 'support' : 'disconfirm',
      };
    }),
  };
  return { data, lines: reasons.map((reason) => reason.line) };
}

/** The exact text from the data when it has one, else what the line shows. */
function text(exact: unknown, shown: string | null): unknown {
  return exact === undefined ? shown : exact;
}
