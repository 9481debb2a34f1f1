/**
 * The formatter: typed AST → canonical text. Browser-safe (no node:* imports).
 *
 * Canonical means: structural keywords lower case (a sentence's first keyword capitalised),
 * content words as written, single spaces, one statement / field / ability per line,
 * 2-space indentation, fields in the order written, comments kept where they were
 * (own-line comments before the next line, trailing comments at the end of their line),
 * one blank line where the source had one or more, and always one between cards.
 * Quoted card text inside game files is kept verbatim.
 *
 * Properties (tested): `parse(format(parse(t)))` equals `parse(t)` ignoring ranges, and
 * `format` is idempotent. Only format trees without syntax errors: a recovered tree is
 * partial and printing it would drop the unreadable text.
 */
import type * as A from "./ast.ts";

// ---------------------------------------------------------------------------------------
// Leaves

function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

function countText(c: A.Count): string {
  if (c.bound) return `at ${c.bound} ${c.text}`;
  if (c.written) return c.written;
  return c.comparison ? `${c.text} or ${c.comparison}` : c.text;
}

function valueItemsText(items: A.ValueItem[]): string {
  let out = "";
  let prev: A.ValueItem | undefined;
  for (const item of items) {
    const text = valueItemText(item);
    const glue =
      !prev ||
      (item.kind === "symbol" && prev.kind === "symbol") ||
      (item.kind === "punct" && [",", ")", ".", ":", ";", "]"].includes(item.text)) ||
      (prev.kind === "punct" && (prev.text === "(" || prev.text === "["))
        ? ""
        : " ";
    out += glue + text;
    prev = item;
  }
  return out;
}

function valueItemText(item: A.ValueItem): string {
  switch (item.kind) {
    case "word":
    case "number":
    case "stats":
    case "punct":
      return item.text;
    case "string":
      return quote(item.value);
    case "symbol":
      return `{${item.symbol}}`;
  }
}

// ---------------------------------------------------------------------------------------
// Noun phrases and clauses

function determinerText(d: A.Determiner): string {
  return d.kind === "count" ? countText(d) : d.text;
}

function nounItemText(item: A.NounItem): string {
  switch (item.kind) {
    case "word":
    case "stats":
      return item.text;
    case "string":
      return quote(item.value);
    case "count":
      return countText(item);
    case "symbol":
      return `{${item.symbol}}`;
  }
}

function filterText(f: A.NounFilter): string {
  switch (f.kind) {
    case "controlledBy":
      if (f.by) return `${f.verb.text} ${f.by.text} ${npText(f.controller)}`;
      return `${npText(f.controller)} ${f.not ? `${f.not.text} ` : ""}${f.verb.text}`;
    case "prep":
      // `whose power is 4 or more` (read as `with power 4 or more`): printed as written.
      if (f.whose) return `whose ${nounItemText(f.object.items[0]!)} ${f.whose} ${npText({ ...f.object, items: f.object.items.slice(1) })}`;
      return `${f.prep} ${npText(f.object)}`;
    case "equalTo":
      return `equal to ${npText(f.value)}`;
    case "relative":
      // "that's a Vampire": the `'s` joined to "that", as written.
      if (f.that && f.clause.be?.contracted && !f.clause.subject) return `${f.pronoun ?? "that"}${f.clause.be.contracted} ${clauseText({ ...f.clause, be: undefined })}`;
      return f.that ? `${f.pronoun ?? "that"} ${clauseText(f.clause)}` : `${f.thatWritten ? "that " : ""}${clauseText(f.clause)}`;
  }
}

export function npText(np: A.NounPhrase): string {
  // Consecutive cost symbols print together: `{R}{R}`.
  const items: string[] = [];
  np.items.forEach((item, i) => {
    const text = nounItemText(item);
    if (item.kind === "symbol" && np.items[i - 1]?.kind === "symbol") items[items.length - 1] += text;
    else items.push(text);
  });
  const own = [...np.determiners.map(determinerText), ...items, ...np.filters.map(filterText)].join(" ");
  const joined = np.also ? own + np.also.map((other) => `${other.comma ? "," : " and"} ${npText(other)}`).join("") : own;
  return np.orAnother ? `${joined} or ${npText(np.orAnother)}` : joined;
}

function tailText(t: A.TailItem): string {
  switch (t.kind) {
    case "prep":
      return `${t.prep} ${npText(t.object)}`;
    case "timing":
      return `${t.which} ${t.combat ? t.combat.text : "turn"}`;
    case "condition":
      return `${t.word} ${clauseText(t.clause)}${(t.more ?? []).map((m) => ` ${m.join.text} ${clauseText(m.clause)}`).join("")}`;
    case "where":
      return `, where ${t.variable.text} is ${npText(t.value)}`;
    case "instead":
      return "instead";
    case "particle":
      return t.word.text;
    case "rounding":
      return `, rounded ${t.direction}`;
    case "cap":
      return `, up to ${t.text}`;
  }
}

export function clauseText(c: A.Clause): string {
  const parts: string[] = [];
  if (c.subject) parts.push(npText(c.subject));
  if (c.also) parts.push(c.also.text);
  if (c.already) parts.push(c.already.text);
  if (c.each) parts.push(c.each.text);
  if (c.modal) parts.push(c.modal.text);
  // "it's destroyed": the `'s` joined to its subject, as written.
  if (c.be?.contracted && parts.length) parts[parts.length - 1] += c.be.contracted;
  else if (c.be) parts.push(c.be.text);
  if (c.verb) parts.push(c.verb.text);
  for (const v of c.orVerbs ?? []) parts.push(`or ${v.text}`);
  if (c.object) parts.push(npText(c.object));
  if (c.complement) parts.push(npText(c.complement));
  let text = parts.join(" ");
  for (const t of c.tail) {
    if (t.kind === "prep" && t.leading) continue;
    const s = tailText(t);
    text = s.startsWith(",") ? text + s : text ? `${text} ${s}` : s;
  }
  return text;
}

const connectorText: Record<A.Connector, string> = {
  "": "",
  ",": ", ",
  ", then": ", then ",
  ", and": ", and ",
  ", or": ", or ",
  then: " then ",
  and: " and ",
  "and then": " and then ",
  ". then": ". Then ",
  ".": ". ",
  ";": "; ",
  "—": " — ",
};

export function sequenceText(s: A.Sequence, capitalise = false): string {
  // `For each unit you control, gain 1 life.`: a leading count, printed before its sentence (kept in its clauses' tails).
  const leading = s.steps[0]?.clause.tail.find((t): t is A.PrepPhrase => t.kind === "prep" && t.leading === true);
  // `Until end of turn, A and B.`: a leading duration over more than one clause, likewise.
  let out = leading ? `${capitalise ? leading.prep[0]!.toUpperCase() + leading.prep.slice(1) : leading.prep} ${npText(leading.object)}, ` : "";
  if (leading) capitalise = false;
  s.steps.forEach((step, i) => {
    const text = clauseText(step.clause);
    // A sentence starts capitalised: the first step (when asked) and every step after a bare `.`.
    const sentenceStart = (i === 0 && capitalise) || step.connector === ".";
    const lead = step.condition ? `If ${clauseText(step.condition.clause)}, ` : "";
    out += (i === 0 ? "" : connectorText[step.connector]) + lead + (sentenceStart && !lead ? capitaliseIf(text, clauseStartsWithKeyword(step.clause)) : text);
  });
  return out;
}

// ---------------------------------------------------------------------------------------
// Capitalisation: only a structural keyword at the start of a sentence is capitalised
// (content words keep the designer's spelling, so the tree does not change).

function capitaliseIf(text: string, yes: boolean): string {
  return yes && text.length > 0 ? text[0]!.toUpperCase() + text.slice(1) : text;
}

function npStartsWithKeyword(np: A.NounPhrase): boolean {
  const d = np.determiners[0];
  if (d) return d.kind === "determiner" || (d.kind === "count" && d.value !== undefined && /^[a-z]/.test(d.text));
  // Nouns keep the designer's spelling, so they are never capitalised.
  return false;
}

function clauseStartsWithKeyword(c: A.Clause): boolean {
  if (c.subject) return npStartsWithKeyword(c.subject);
  if (c.modal) return true;
  if (c.be) return true;
  if (c.verb) return c.verb.keyword && c.verb.text === c.verb.text.toLowerCase();
  return false;
}

// ---------------------------------------------------------------------------------------
// Abilities

function costText(c: A.CostItem): string {
  switch (c.kind) {
    case "symbolsCost":
      return c.symbols.map((s) => `{${s.symbol}}`).join("");
    case "amountCost":
      return npText(c.amount);
    case "clauseCost":
      return clauseText(c.clause);
  }
}

function costStartsWithKeyword(c: A.CostItem): boolean {
  if (c.kind === "symbolsCost") return false;
  if (c.kind === "amountCost") return npStartsWithKeyword(c.amount);
  const cl = c.clause;
  // A lone word before `:` keeps its spelling (it may be a marker such as `PLAY`).
  const bare = !cl.subject && !cl.modal && !cl.be && !cl.object && cl.tail.length === 0 && !cl.orVerbs;
  return !bare && clauseStartsWithKeyword(cl);
}

function keywordRefText(k: A.KeywordRef): string {
  return k.parameter ? `${k.name.text} ${countText(k.parameter)}` : k.name.text;
}

function triggerHeadText(t: A.TriggerHead): string {
  if (t.word === "at") return `At ${t.moment ? npText(t.moment) : ""}`;
  const ors = (t.orEvents ?? []).map((c) => ` or ${clauseText({ ...c, subject: undefined })}`).join("");
  return `${t.word === "when" ? "When" : "Whenever"} ${t.event ? clauseText(t.event) : ""}${ors}`;
}

/** The body's text, without the final period (modal bodies carry their own periods). */
function bodyText(b: A.AbilityBody): string {
  switch (b.kind) {
    case "keywords":
      return capitaliseIf(b.keywords.map((k, i) => (i === 0 ? "" : k.joiner === "and" ? " and " : k.joiner === ", and" ? ", and " : k.joiner === ";" ? "; " : ", ") + keywordRefText(k)).join(""), b.keywords[0]?.name.keyword === true && b.keywords[0].name.text === b.keywords[0].name.text.toLowerCase());
    case "triggered": {
      const cond = b.condition ? `if ${clauseText(b.condition)}${(b.more ?? []).map((m) => ` ${m.join.text} ${clauseText(m.clause)}`).join("")}, ` : "";
      // `When this enters play, choose one — ...`: the modal, lower case after the comma.
      const effect = b.effect.kind === "modal" ? bodyText(b.effect).replace(/^Choose/, "choose") : sequenceText(b.effect);
      return `${triggerHeadText(b.trigger)}, ${cond}${effect}`;
    }
    case "prefixed": {
      const prefix = b.prefix.map(costText).join(", ");
      const first = b.prefix[0];
      return `${capitaliseIf(prefix, !!first && costStartsWithKeyword(first))}: ${bodyText(b.body)}`;
    }
    case "modal":
      return `Choose ${b.choose.map((w) => w.text).join(" ")} —${b.modes.map((m) => `${modeSeparator}• ${sequenceText(m, true)}.`).join("")}`;
    case "replacement":
      return `${b.next ? "The next time" : b.firstTime ? "The first time" : "If"} ${clauseText(b.event)}, ${sequenceText(b.effect)}`;
    case "conditional":
      return `${b.word === "as long as" ? "As long as" : b.word === "while" ? "While" : "If"} ${clauseText(b.condition)}${(b.more ?? []).map((m) => ` ${m.join.text} ${clauseText(m.clause)}`).join("")}, ${sequenceText(b.effect)}`;
    case "additionalCost":
      return `As ${b.purpose.map((w) => w.text).join(" ")}, ${b.costs.map(costText).join(", ")}`;
    case "statement":
      return sequenceText(b.effect, true);
  }
}

function endsWithModal(b: A.AbilityBody): boolean {
  if (b.kind === "modal") return true;
  if (b.kind === "triggered") return b.effect.kind === "modal";
  if (b.kind === "prefixed") return endsWithModal(b.body);
  return false;
}

/** Between `Choose one —` and each mode: a line break (canonical) or a space (single-line form). */
let modeSeparator = "\n";

/**
 * One ability's canonical rules text, e.g. `[Red] When this attacks, Spark 1.` A modal
 * ability prints each `• mode` on its own line unless `singleLine` is set.
 */
export function formatAbility(ability: A.Ability, options: { singleLine?: boolean } = {}): string {
  modeSeparator = options.singleLine ? " " : "\n";
  let text: string;
  try {
    text = bodyText(ability.body);
  } finally {
    modeSeparator = "\n";
  }
  const tag = ability.tag ? `[${ability.tag.text}] ` : "";
  // Reminder text: right after a keyword (`Bleed 1 (...)`), after the period of any other ability.
  if (ability.reminder) return tag + text + (ability.body.kind === "keywords" || endsWithModal(ability.body) ? "" : ".") + ` (${ability.reminder.text})`;
  return tag + text + (endsWithModal(ability.body) ? "" : ".");
}

/** A card's full rules text, one ability per line (what a card face prints). */
export function formatCardText(card: A.CardDecl): string {
  return card.abilities.map((a, i) => (i > 0 && a.sameLine ? " " : i > 0 ? "\n" : "") + formatAbility(a)).join("");
}

// ---------------------------------------------------------------------------------------
// Files, with comments

interface Line {
  indent: number;
  text: string;
  /** Source range of what this line prints (for placing comments). */
  start: number;
  end: number;
  startLine: number;
  endLine: number;
  /** Blank line before it (decided by the caller). */
  blankBefore?: boolean;
  /** Trailing comments at or after this offset belong to a later line (e.g. a card's `}`). */
  limit?: number;
}

/**
 * Appends a trailing comment, keeping the column it had in the source when the code is
 * shorter (so hand-aligned comment columns survive formatting), else one space.
 */
function withTrailing(line: string, c: A.CommentNode): string {
  const lastLine = line.slice(line.lastIndexOf("\n") + 1);
  const column = c.range.start.column - 1;
  const pad = Math.max(1, column - lastLine.length);
  return `${line}${" ".repeat(pad)}#${c.text}`;
}

class Printer {
  private readonly out: string[] = [];
  private next = 0;
  private lastEndLine = 0;
  constructor(private readonly comments: A.CommentNode[]) {}

  /** Prints own-line comments that come before `offset`, attaching trailing ones to the line before. */
  private flushBefore(offset: number, indent: number, blankAllowed: boolean): void {
    while (this.next < this.comments.length && this.comments[this.next]!.range.start.offset < offset) {
      const c = this.comments[this.next++]!;
      if (c.trailing && this.out.length > 0) {
        this.out[this.out.length - 1] = withTrailing(this.out[this.out.length - 1]!, c);
      } else {
        if (blankAllowed && this.out.length > 0 && this.out[this.out.length - 1] !== "" && c.range.start.line - this.lastEndLine > 1) this.out.push("");
        this.out.push(`${"  ".repeat(indent)}#${c.text}`);
      }
      this.lastEndLine = c.range.end.line;
    }
  }

  line(l: Line, blankAllowed = true): void {
    // A card's blank line goes before the comments that lead into it.
    if (l.blankBefore && this.out.length > 0 && this.out[this.out.length - 1] !== "") this.out.push("");
    this.flushBefore(l.start, l.indent, blankAllowed);
    if (this.out.length > 0 && blankAllowed && l.startLine - this.lastEndLine > 1 && this.out[this.out.length - 1] !== "") this.out.push("");
    let text = `${"  ".repeat(l.indent)}${l.text}`;
    // Comments inside the printed span (or trailing on its last line) go to the end of this line.
    while (this.next < this.comments.length) {
      const c = this.comments[this.next]!;
      const inside = c.range.start.offset < l.end || (c.trailing && c.range.start.line === l.endLine && c.range.start.offset < (l.limit ?? Infinity));
      if (!inside) break;
      this.next++;
      if (c.trailing || c.range.start.offset >= l.start) text = withTrailing(text, c);
    }
    this.out.push(text);
    this.lastEndLine = Math.max(l.endLine, this.lastEndLine);
  }

  /** Remaining comments before `offset` (e.g. before a closing brace), then a plain line. */
  close(text: string, indent: number, offset: number, line: number): void {
    this.flushBefore(offset, indent + 1, false);
    let closing = `${"  ".repeat(indent)}${text}`;
    while (this.next < this.comments.length) {
      const c = this.comments[this.next]!;
      if (!c.trailing || c.range.start.line !== line) break;
      closing = withTrailing(closing, c);
      this.next++;
    }
    this.out.push(closing);
    this.lastEndLine = line;
  }

  finish(): string {
    this.flushBefore(Infinity, 0, true);
    return `${this.out.join("\n")}\n`;
  }
}

function spanLine(indent: number, text: string, range: A.BaseNode["range"], limit?: number): Line {
  const l: Line = { indent, text, start: range.start.offset, end: range.end.offset, startLine: range.start.line, endLine: range.end.line };
  if (limit !== undefined) l.limit = limit;
  return l;
}

function gameStatementText(s: A.GameStatement): string {
  switch (s.kind) {
    case "param":
      return `param ${s.name.text} = ${s.value.kind === "string" ? quote(s.value.value) : s.value.text}`;
    case "keyword": {
      const param = s.parameter ? ` ${s.parameter.text}` : "";
      const def = s.definition.kind === "ruleRef" ? `rule ${s.definition.name.text}` : quote(s.definition.string.value);
      return `keyword ${s.keywordKind} ${s.name.text}${param} = ${def}`;
    }
    case "marker":
      return `marker ${s.name.text} = ${s.definition.kind === "static" ? "static" : quote(s.definition.string.value)}`;
    case "rule":
      return `rule ${quote(s.title.value)} = ${quote(s.text.string.value)}`;
    case "phase": {
      const name = s.name.kind === "string" ? quote(s.name.value) : s.name.text;
      const options = s.options.length > 0 ? ` ${valueItemsText(s.options)}` : "";
      const steps = s.steps ? ` { ${s.steps.map((q) => sequenceText(q)).join("; ")} }` : "";
      return `phase ${name}${options}${steps}`.replace("{  }", "{ }");
    }
    case "directive": {
      const items = s.items.length > 0 ? ` ${valueItemsText(s.items)}` : "";
      const block = s.block ? ` { ${s.block.map(valueItemsText).join("; ")} }` : "";
      return `${s.head.text}${items}${block}`.replace("{  }", "{ }");
    }
  }
}

function formatGameFile(doc: A.GameFile): string {
  const p = new Printer(doc.comments);
  const headerRange = doc.id?.range ?? doc.range;
  const headerEnd = doc.title?.range ?? headerRange;
  p.line({ indent: 0, text: `game ${doc.id?.text ?? ""} ${doc.title ? quote(doc.title.value) : '""'}`, start: headerRange.start.offset, end: headerEnd.end.offset, startLine: headerRange.start.line, endLine: headerEnd.end.line });
  for (const s of doc.statements) p.line(spanLine(0, gameStatementText(s), s.range));
  return p.finish();
}

function formatCard(p: Printer, card: A.CardDecl): void {
  const nameEnd = card.name.range;
  const closing = card.range.end.offset - 1;
  // Each line may take trailing comments only up to where the next line's text starts.
  const starts = [...card.fields.map((f) => f.range.start.offset), ...(card.textRange ? [card.textRange.start.offset] : []), ...card.abilities.filter((a) => !a.sameLine).map((a) => a.range.start.offset), closing];
  const nextStart = (offset: number) => starts.find((s) => s > offset) ?? closing;
  p.line({ indent: 0, text: `card ${quote(card.name.value)} {`, start: card.range.start.offset, end: nameEnd.end.offset + 1, startLine: card.range.start.line, endLine: nameEnd.end.line, blankBefore: true, limit: nextStart(nameEnd.end.offset) });
  for (const f of card.fields) {
    const text = f.flag ? f.name.text : f.value.length > 0 ? `${f.name.text}: ${valueItemsText(f.value)}` : `${f.name.text}:`;
    p.line(spanLine(1, text, f.range, nextStart(f.range.start.offset)), false);
  }
  if (card.textRange || card.abilities.length > 0) {
    const start = card.textRange ?? card.abilities[0]!.range;
    p.line({ indent: 1, text: "text:", start: start.start.offset, end: start.start.offset + 5, startLine: start.start.line, endLine: start.start.line, limit: nextStart(start.start.offset) }, false);
    // An ability that goes on on a tagged line stays on it (`[Base] Flying. Whenever ...`).
    const lines: { text: string; range: A.BaseNode["range"] }[] = [];
    for (const a of card.abilities) {
      const text = formatAbility(a).split("\n").join("\n    ");
      const last = lines[lines.length - 1];
      if (a.sameLine && last) {
        last.text += ` ${text}`;
        last.range = { start: last.range.start, end: a.range.end };
      } else lines.push({ text, range: a.range });
    }
    for (const l of lines) p.line(spanLine(2, l.text, l.range, nextStart(l.range.start.offset)), false);
  }
  p.close("}", 0, card.range.end.offset, card.range.end.line);
}

function formatCardFile(doc: A.CardFile): string {
  const p = new Printer(doc.comments);
  const start = doc.code?.range ?? doc.range;
  const end = doc.game?.range ?? doc.title?.range ?? start;
  if (doc.code || doc.title || doc.game) {
    p.line({ indent: 0, text: `set ${doc.code?.text ?? ""} ${doc.title ? quote(doc.title.value) : '""'} for ${doc.game?.text ?? ""}`, start: start.start.offset, end: end.end.offset, startLine: start.start.line, endLine: end.end.line });
  }
  for (const card of doc.cards) formatCard(p, card);
  return p.finish();
}

/**
 * Canonical text of a whole game or card file. (`_sourceText` is accepted for callers that
 * pass it; comments and blank lines are already in the tree.)
 */
export function formatDocument(doc: A.Document, _sourceText?: string): string {
  return doc.kind === "gameFile" ? formatGameFile(doc) : formatCardFile(doc);
}
