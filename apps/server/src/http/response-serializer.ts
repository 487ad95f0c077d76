// Response bodies written straight from their zod schema: each schema is compiled once into a
// function that checks a value as zod would and writes only the fields the schema lists, as JSON.
import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError, serializerCompiler } from "fastify-type-provider-zod";
import { $ZodType, safeEncode } from "zod/v4/core";

/** What a compiled writer gives for a value zod would refuse: zod then decides. */
const MISFIT: unique symbol = Symbol("misfit");

/** A compiled writer: the value's JSON (undefined where JSON leaves it out), or MISFIT. */
type Write = (value: unknown) => string | undefined | typeof MISFIT;

/** The internals of a zod schema the compiler reads (zod/v4/core `$ZodType._zod`). */
interface ZodInternals {
  def: {
    type: string;
    coerce?: boolean;
    checks?: { _zod: { def: { check: string; format?: string } } }[];
    check?: string;
    format?: string;
    shape?: Record<string, $ZodType>;
    catchall?: $ZodType;
    element?: $ZodType;
    options?: $ZodType[];
    innerType?: $ZodType;
    discriminator?: string;
  };
  optin?: "optional" | "defaulted";
  values?: Set<unknown>;
}

const internals = (schema: $ZodType) => schema._zod as unknown as ZodInternals;

/**
 * A character JSON.stringify writes escaped (RFC 8259 §7: quotation mark, reverse solidus,
 * control characters; ES2019's well-formed JSON.stringify: lone surrogates): a string without
 * any is written as it is between quotes, the same bytes without the call.
 */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A JavaScript string literal of `text`. */
const literal = (text: string) => JSON.stringify(text);

/** Whether a z.number() is `.int()` (true), any finite number (false), or has other checks (null). */
function isInteger({ def }: ZodInternals): boolean | null {
  const checks = [def, ...(def.checks ?? []).map((c) => c._zod.def)].filter((d) => d.check);
  if (checks.some((d) => d.check !== "number_format" || d.format !== "safeint")) return null;
  return checks.length > 0;
}

/**
 * Compiles a schema into the source of one function per schema node (`w0`, `w1`…), each taking
 * a value and giving its JSON (strings escaped by `J`, JSON.stringify, only when `E` finds a
 * character to escape) or `M` (MISFIT), as zod's parse would accept or refuse it: a type
 * check per leaf, an object's shape keys in order (an absent key skipped when optional, a misfit
 * when required, unknown keys never read), an array's items, a union's first option that fits.
 * What it does not model runs through zod (`Z`). Only the schema's keys reach the source, as
 * string literals; values are only ever data.
 */
class Compiler {
  readonly sources: string[] = [];
  /** Schemas zod runs (`Z(i, v)`) and value sets of enums and literals (`X[i]`). */
  readonly externals: unknown[] = [];
  private readonly names = new Map<$ZodType, string>();

  /** The name of the function writing `schema`, compiling it on first use. */
  name(schema: $ZodType): string {
    let name = this.names.get(schema);
    if (name === undefined) {
      name = `w${this.names.size}`;
      this.names.set(schema, name);
      const at = this.sources.push("") - 1;
      this.sources[at] = `function ${name}(v) {\n${this.body(schema)}\n}`;
    }
    return name;
  }

  private external(value: unknown): number {
    return this.externals.push(value) - 1;
  }

  private body(schema: $ZodType): string {
    const z = internals(schema);
    const { def } = z;
    // A check on the node itself (z.email(), z.int()…) or in its list, or coercion: not plain.
    const plain = (def.checks ?? []).length === 0 && def.check === undefined && !def.coerce;
    const byZod = () => `return Z(${this.external(schema)}, v);`;
    switch (def.type) {
      case "string":
        return plain
          ? `return typeof v === "string" ? (E.test(v) ? J(v) : '"' + v + '"') : M;`
          : byZod();
      case "boolean":
        return plain ? `return v === true ? "true" : v === false ? "false" : M;` : byZod();
      case "null":
        return `return v === null ? "null" : M;`;
      case "number": {
        const integer = def.coerce ? null : isInteger(z);
        if (integer === null) return byZod();
        return integer
          ? `return Number.isSafeInteger(v) ? "" + v : M;`
          : `return typeof v === "number" && Number.isFinite(v) ? "" + v : M;`;
      }
      case "enum":
      case "literal":
        return z.values ? `return X[${this.external(z.values)}].has(v) ? J(v) : M;` : byZod();
      case "unknown":
      case "any":
        return `return J(v);`;
      case "nullable":
        return `return v === null ? "null" : ${this.name(def.innerType!)}(v);`;
      case "optional":
        return `return v === undefined ? undefined : ${this.name(def.innerType!)}(v);`;
      case "array":
        return plain ? this.array(def.element!) : byZod();
      case "union":
        return plain && def.discriminator === undefined ? this.union(def.options!) : byZod();
      case "object":
        return plain && def.catchall === undefined ? (this.object(def.shape!) ?? byZod()) : byZod();
      default:
        return byZod();
    }
  }

  private array(element: $ZodType): string {
    return [
      `if (!Array.isArray(v)) return M;`,
      `let s = "[";`,
      `for (let i = 0; i < v.length; i++) {`,
      `  const r = ${this.name(element)}(v[i]);`,
      `  if (r === M) return M;`,
      `  s += (i === 0 ? "" : ",") + (r === undefined ? "null" : r);`,
      `}`,
      `return s + "]";`,
    ].join("\n");
  }

  private union(options: $ZodType[]): string {
    const tries = options.map((o) => `r = ${this.name(o)}(v); if (r !== M) return r;`);
    return [`let r;`, ...tries, `return M;`].join("\n");
  }

  /** An object that strips unknown keys; null when a key has a default (left to zod). */
  private object(shape: Record<string, $ZodType>): string | null {
    const keys = Object.keys(shape);
    if (keys.some((key) => internals(shape[key]!).optin === "defaulted")) return null;
    const required = keys.filter((key) => internals(shape[key]!).optin !== "optional");
    const present = required.map((key) => `!(${literal(key)} in v)`);
    const fields = keys.map((key) => {
      const name = JSON.stringify(key);
      return [
        `r = ${this.name(shape[key]!)}(v[${literal(key)}]);`,
        `if (r === M) return M;`,
        `if (r !== undefined) { s += (c ? ${literal(`,${name}:`)} : ${literal(`${name}:`)}) + r; c = true; }`,
      ].join(" ");
    });
    return [
      `if (typeof v !== "object" || v === null || Array.isArray(v)) return M;`,
      ...(present.length > 0 ? [`if (${present.join(" || ")}) return M;`] : []),
      `let s = "{", c = false, r;`,
      ...fields,
      `return s + "}";`,
    ].join("\n");
  }
}

/** zod's own encode of `value` as JSON, or MISFIT when zod refuses it. */
function zodWrite(schema: $ZodType, value: unknown): string | undefined | typeof MISFIT {
  const result = safeEncode(schema, value);
  return result.success ? JSON.stringify(result.data) : MISFIT;
}

/** The compiled writer of `schema`. */
function compile(schema: $ZodType): Write {
  const compiler = new Compiler();
  const root = compiler.name(schema);
  const source = `${compiler.sources.join("\n")}\nreturn ${root};`;
  // The source holds the schema's keys as string literals and nothing from a request.
  const build = new Function("M", "J", "X", "Z", "E", source) as (...args: unknown[]) => Write;
  const { externals } = compiler;
  const zod = (i: number, v: unknown) => zodWrite(externals[i] as $ZodType, v);
  return build(MISFIT, JSON.stringify, externals, zod, NEEDS_ESCAPE);
}

/**
 * Fastify's serializer compiler for routes with zod response schemas (docs/architecture.md
 * "A request's path": the response schema lets only listed fields out). It answers the bytes
 * fastify-type-provider-zod's does, `JSON.stringify(z.encode(schema, data))`: the schema's fields
 * only, in its key order, unknown keys dropped, the first union option that fits; but from a
 * function compiled once per route and status that checks and writes in one pass, where zod
 * first builds a checked copy of the whole answer for JSON.stringify to walk again. String,
 * number (`.int()`), boolean, null, enum, literal, unknown, nullable, optional, array, union and
 * object schemas are compiled; anything else (refinements, length checks, defaults, records,
 * transforms) runs through zod. A value that does not fit is handed to zod, whose error is thrown
 * as the provider's `ResponseSerializationError` (a 500).
 */
export const responseSerializer: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof $ZodType)) return serializerCompiler(route as never);
  const write = compile(schema);
  return (data) => {
    const json = write(data);
    if (json !== MISFIT) return json as string;
    const result = safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
