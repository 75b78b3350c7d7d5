/**
 * @module bench/lib/regex-prefilter
 * An experiment, not used by the service (docs/ingest.md, Session 24: it saved about what it cost). Required-literal
 * prefilter for the extractor's regexes (as RE2's and Hyperscan's prefilters do): from a regex's
 * source, the set of literal strings one of which every match must contain; `pfTest` / `pfExec` skip the regex when
 * the text (lower-cased) contains none of them, and otherwise run it. Conservative by construction: anything the
 * analysis does not understand (classes beyond a few plain characters, escapes, backreferences, non-ASCII
 * characters, the `v` flag, a brace that is not a quantifier) requires nothing, so the regex runs. Texts and literals
 * are compared lower-cased, which is a superset of both case-sensitive and case-insensitive matching for ASCII
 * literals (`ſ`, which `/s/iu` matches, is read as `s`; the Kelvin sign lower-cases to `k`).
 */

/** What a piece of pattern can match: `exact`, every string it matches when that set is finite and small; `req`, strings one of which every match contains (null: none required). */
interface Info {
  exact: Set<string> | null;
  req: Set<string> | null;
}

/** Most strings an exact or required set keeps (a larger one is given up: nothing required). */
const MAX_SET = 24;
/** Shortest literal worth checking: a set with a shorter member is not used as the regex's prefilter. */
export const MIN_LITERAL = 3;

const EMPTY: Info = { exact: new Set(['']), req: null };
const ANY: Info = { exact: null, req: null };

/** The exact set as a requirement: none when it holds the empty string (or nothing). */
function asReq(s: Set<string> | null): Set<string> | null {
  if (!s || s.size === 0 || s.has('')) return null;
  return s;
}

const minLen = (s: Set<string>) => {
  let m = Infinity;
  for (const x of s) if (x.length < m) m = x.length;
  return m;
};

/** The more selective requirement: longer shortest literal, then fewer literals. */
function best(a: Set<string> | null, b: Set<string> | null): Set<string> | null {
  if (!a) return b;
  if (!b) return a;
  const la = minLen(a);
  const lb = minLen(b);
  if (la !== lb) return la > lb ? a : b;
  return a.size <= b.size ? a : b;
}

function cross(a: Set<string>, b: Set<string>): Set<string> | null {
  if (a.size * b.size > MAX_SET) return null;
  const out = new Set<string>();
  for (const x of a) for (const y of b) out.add(x + y);
  return out;
}

class Unsupported extends Error {}

/** A recursive-descent reader of a regex source; throws Unsupported on anything it is not sure of. */
class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  parse(): Info {
    const r = this.disjunction();
    if (this.i !== this.src.length) throw new Unsupported('trailing');
    return r;
  }

  private disjunction(): Info {
    const alts: Info[] = [this.alternative()];
    while (this.src[this.i] === '|') {
      this.i++;
      alts.push(this.alternative());
    }
    if (alts.length === 1) return alts[0];
    let exact: Set<string> | null = new Set();
    let req: Set<string> | null = new Set();
    for (const a of alts) {
      if (exact && a.exact) for (const x of a.exact) exact.add(x);
      else exact = null;
      const r = a.req ?? asReq(a.exact);
      if (req && r) for (const x of r) req.add(x);
      else req = null;
    }
    if (exact && exact.size > MAX_SET) exact = null;
    if (req && req.size > MAX_SET) req = null;
    return { exact, req: req && req.size > 0 ? req : null };
  }

  private alternative(): Info {
    let whole: Set<string> | null = new Set(['']);
    let run: Set<string> = new Set(['']);
    let req: Set<string> | null = null;
    while (this.i < this.src.length && this.src[this.i] !== '|' && this.src[this.i] !== ')') {
      const t = this.quantified();
      req = best(req, t.req);
      if (t.exact) {
        const joined = cross(run, t.exact);
        if (joined) run = joined;
        else {
          req = best(req, asReq(run));
          run = t.exact;
        }
        whole = whole ? cross(whole, t.exact) : null;
      } else {
        req = best(req, asReq(run));
        run = new Set(['']);
        whole = null;
      }
    }
    req = best(req, asReq(run));
    if (whole) req = best(req, asReq(whole));
    return { exact: whole, req };
  }

  private quantified(): Info {
    const atom = this.atom();
    const q = this.quantifier();
    if (!q) return atom;
    if (this.src[this.i] === '?') this.i++; // lazy: the same strings
    const [min, max] = q;
    if (min === 0) {
      if (max === 1 && atom.exact) {
        const exact = new Set(atom.exact);
        exact.add('');
        return exact.size > MAX_SET ? ANY : { exact, req: null };
      }
      return ANY;
    }
    if (min === 1 && max === 1) return atom;
    // At least one repetition: what one repetition requires, every match requires.
    return { exact: null, req: atom.req ?? asReq(atom.exact) };
  }

  /** A quantifier at the cursor ([min, max]), consumed; null when there is none. */
  private quantifier(): [number, number] | null {
    const c = this.src[this.i];
    if (c === '*') return (this.i++, [0, Infinity]);
    if (c === '+') return (this.i++, [1, Infinity]);
    if (c === '?') return (this.i++, [0, 1]);
    if (c === '{') {
      const m = /^\{(\d+)(?:(,)(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) throw new Unsupported('brace');
      this.i += m[0].length;
      const min = Number(m[1]);
      const max = m[2] ? (m[3] ? Number(m[3]) : Infinity) : min;
      return [min, max];
    }
    return null;
  }

  private atom(): Info {
    const c = this.src[this.i];
    switch (c) {
      case '^':
      case '$':
        this.i++;
        return EMPTY;
      case '.':
        this.i++;
        return ANY;
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
      case '{':
      case '}':
      case ']':
        throw new Unsupported(`bare ${c}`);
      default:
        this.i++;
        return literal(c);
    }
  }

  private group(): Info {
    const rest = this.src.slice(this.i, this.i + 4);
    let assertion = false;
    if (rest.startsWith('(?:')) this.i += 3;
    else if (rest.startsWith('(?=') || rest.startsWith('(?!')) {
      this.i += 3;
      assertion = true;
    } else if (rest.startsWith('(?<=') || rest.startsWith('(?<!')) {
      this.i += 4;
      assertion = true;
    } else if (rest.startsWith('(?<')) {
      const m = /^\(\?<[A-Za-z_$][\w$]*>/.exec(this.src.slice(this.i));
      if (!m) throw new Unsupported('group name');
      this.i += m[0].length;
    } else if (rest.startsWith('(?')) throw new Unsupported('group kind');
    else this.i += 1;
    const inner = this.disjunction();
    if (this.src[this.i] !== ')') throw new Unsupported('unclosed group');
    this.i++;
    // A lookaround consumes nothing: the characters around it are adjacent in the match.
    return assertion ? EMPTY : inner;
  }

  /** `[…]`: a few plain characters are an exact set of one-character strings; anything else requires nothing. */
  private charClass(): Info {
    this.i++;
    const negated = this.src[this.i] === '^';
    if (negated) this.i++;
    const chars = new Set<string>();
    let plain = !negated;
    let first = true;
    for (;;) {
      if (this.i >= this.src.length) throw new Unsupported('unclosed class');
      const c = this.src[this.i];
      if (c === ']') {
        this.i++;
        break;
      }
      if (c === '[') throw new Unsupported('nested class'); // `v` sets, or a literal `[` (given up, to be sure)
      if (c === '\\') {
        const n = this.src[this.i + 1];
        if (n === undefined) throw new Unsupported('escape at end');
        if ((n === 'p' || n === 'P' || n === 'u' || n === 'x' || n === 'c') && this.src[this.i + 2] === '{') {
          const close = this.src.indexOf('}', this.i);
          if (close < 0) throw new Unsupported('escape');
          this.i = close + 1;
        } else this.i += 2;
        plain = false;
      } else if (c === '-' && !first && this.src[this.i + 1] !== ']') {
        this.i++;
        plain = false; // a range
      } else {
        this.i++;
        if (c.charCodeAt(0) < 128 && /[A-Za-z0-9 '’_,.;:!"&-]/.test(c)) chars.add(c.toLowerCase());
        else plain = false;
      }
      first = false;
    }
    if (!plain || chars.size === 0 || chars.size > 8) return ANY;
    return { exact: chars, req: null };
  }

  private escape(): Info {
    const n = this.src[this.i + 1];
    if (n === undefined) throw new Unsupported('escape at end');
    if (n === 'b' || n === 'B') {
      this.i += 2;
      return EMPTY;
    }
    // Escapes with a braced or fixed-length argument: skipped whole, matching something unknown.
    if ((n === 'p' || n === 'P' || n === 'u' || n === 'k') && (this.src[this.i + 2] === '{' || this.src[this.i + 2] === '<')) {
      const close = this.src.indexOf(this.src[this.i + 2] === '{' ? '}' : '>', this.i);
      if (close < 0) throw new Unsupported('escape');
      this.i = close + 1;
      return ANY;
    }
    if (n === 'u') {
      this.i += /^\\u[0-9A-Fa-f]{4}/.test(this.src.slice(this.i, this.i + 6)) ? 6 : 2;
      return ANY;
    }
    if (n === 'x') {
      this.i += /^\\x[0-9A-Fa-f]{2}/.test(this.src.slice(this.i, this.i + 4)) ? 4 : 2;
      return ANY;
    }
    if (n === 'c') {
      this.i += /^\\c[A-Za-z]/.test(this.src.slice(this.i, this.i + 3)) ? 3 : 2;
      return ANY;
    }
    if (/[0-9]/.test(n)) {
      // A backreference, or a legacy octal escape: unknown.
      this.i += 2;
      while (/[0-9]/.test(this.src[this.i] ?? '')) this.i++;
      return ANY;
    }
    this.i += 2;
    // An escaped syntax character stands for itself; every other escape (\s, \d, \w, \n, \t, …) is left unknown.
    if ('.*+?()[]{}|^$\\/-'.includes(n)) return literal(n);
    return ANY;
  }
}

/** One pattern character: an ASCII character is itself (lower-cased); any other is left unknown. */
function literal(c: string): Info {
  if (c.charCodeAt(0) >= 128) return ANY;
  const l = c.toLowerCase();
  const s = new Set([l]);
  return { exact: s, req: s };
}

/**
 * The literals (lower-case) one of which every match of the regex must contain, or null when none is required or
 * the analysis is unsure. Only sets whose every literal is at least `minLength` long are returned.
 */
export function requiredLiterals(source: string, flags: string, minLength = MIN_LITERAL): string[] | null {
  if (flags.includes('v')) return null;
  let info: Info;
  try {
    info = new Parser(source).parse();
  } catch (e) {
    if (e instanceof Unsupported) return null;
    throw e;
  }
  const req = info.req ?? asReq(info.exact);
  if (!req || req.size > MAX_SET || minLen(req) < minLength) return null;
  // A literal containing another is implied by it; the rest longest first (the rarer literal is tried first).
  const all = [...req];
  return all.filter((x) => !all.some((y) => y !== x && x.includes(y))).sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
}

/** The text as the literals are compared with: lower-cased, `ſ` (which `/s/iu` matches) read as `s`. */
export function haystackOf(text: string): string {
  const l = text.toLowerCase();
  return l.includes('ſ') ? l.replaceAll('ſ', 's') : l;
}

/** A regex with the literals one of which its every match contains (empty: none required, the regex always runs). */
export interface Prefiltered {
  readonly rx: RegExp;
  readonly literals: readonly string[];
}

/** `rx` with its required literals, analysed once (at module load, where the rules declare it). */
export function pf(rx: RegExp): Prefiltered {
  return { rx, literals: requiredLiterals(rx.source, rx.flags) ?? [] };
}

/** The last texts lower-cased (a clause's text, sentence and predicate alternate): a small ring. */
const RING = 4;
const ringText: string[] = new Array<string>(RING).fill('');
const ringHay: string[] = new Array<string>(RING).fill('');
let ringNext = 0;

/** When set, a skip is checked against the regex itself and a wrong one throws (tests: the property test over the corpus). */
export const prefilterAudit = { on: false, skipped: 0, ran: 0, hay: 0 };

function hayOf(text: string): string {
  for (let k = 0; k < RING; k++) if (ringText[k] === text) return ringHay[k];
  const h = haystackOf(text);
  if (prefilterAudit.on) prefilterAudit.hay++;
  ringText[ringNext] = text;
  ringHay[ringNext] = h;
  ringNext = (ringNext + 1) % RING;
  return h;
}

/** Whether the text lacks every required literal of `p` (so the regex cannot match it). */
function skip(p: Prefiltered, text: string): boolean {
  const lits = p.literals;
  if (lits.length === 0) return false;
  const hay = hayOf(text);
  for (let k = 0; k < lits.length; k++)
    if (hay.includes(lits[k])) {
      if (prefilterAudit.on) prefilterAudit.ran++;
      return false;
    }
  const rx = p.rx;
  if (prefilterAudit.on) {
    prefilterAudit.skipped++;
    const saved = rx.lastIndex;
    const m = RegExp.prototype.exec.call(rx, text);
    rx.lastIndex = saved;
    if (m) throw new Error(`prefilter skipped a match of /${rx.source}/${rx.flags} (literals ${lits.join(', ')})`);
  }
  // A failed exec of a global or sticky regex resets lastIndex; a skip does the same.
  if (rx.global || rx.sticky) rx.lastIndex = 0;
  return true;
}

/** `p.rx.test(text)`, without running the regex when the text lacks all its required literals. */
export function pfTest(p: Prefiltered, text: string): boolean {
  return skip(p, text) ? false : p.rx.test(text);
}

/** `p.rx.exec(text)`, without running the regex when the text lacks all its required literals. */
export function pfExec(p: Prefiltered, text: string): RegExpExecArray | null {
  return skip(p, text) ? null : p.rx.exec(text);
}
