/**
 * Checking real answers of the handler against the OpenAPI document: the status must be declared
 * for the operation, the body must validate (ajv, JSON Schema 2020-12, strict mode, formats on)
 * against the declared schema, and every declared header that is present must match its schema,
 * every required one must be present.
 */
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FormatsPlugin } from 'ajv-formats';
import { createOpenApiDocument } from '../../src/http/openapi.js';

type Json = Record<string, any>;

// ajv-formats is CommonJS with `module.exports = plugin`; require() hands over the plugin itself.
const addFormats = createRequire(import.meta.url)('ajv-formats') as FormatsPlugin;

export const DOC_ID = 'urn:feedback-board:openapi';

export interface Sample {
  status: number;
  headers: Headers;
  text: string;
}

const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Follows a local `$ref` (`#/components/...`) inside the document. */
function resolve(doc: Json, value: Json): { node: Json; pointer: string | null } {
  if (typeof value['$ref'] !== 'string') return { node: value, pointer: null };
  const pointer = value['$ref'] as string;
  let node: any = doc;
  for (const part of pointer.slice(2).split('/')) node = node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (node === undefined) throw new Error(`dangling $ref ${pointer}`);
  return { node, pointer };
}

export class ResponseChecker {
  readonly doc: Json;
  readonly ajv: Ajv2020;
  readonly #validators = new Map<string, ValidateFunction>();

  constructor(doc: Json = createOpenApiDocument()) {
    this.doc = doc;
    this.ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(this.ajv);
    // The document's own fields are not JSON Schema keywords; only pointers into it are compiled.
    for (const keyword of ['openapi', 'info', 'servers', 'security', 'tags', 'paths', 'components']) {
      this.ajv.addKeyword({ keyword });
    }
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  /** A validator for the schema at `pointer` (a `#/...` JSON pointer into the document). */
  validator(pointer: string): ValidateFunction {
    let validate = this.#validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}${pointer}` });
      this.#validators.set(pointer, validate);
    }
    return validate;
  }

  /** The declared response of an operation for a status, with the JSON pointer to it. */
  declared(method: string, path: string, status: number): { response: Json; pointer: string } {
    const operation = this.doc['paths'][path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`no operation ${method} ${path} in the document`);
    const entry = operation.responses[String(status)];
    if (!entry) {
      throw new Error(`${method} ${path} answered ${status}, which the document does not declare (${Object.keys(operation.responses).join(', ')})`);
    }
    const { node, pointer } = resolve(this.doc, entry);
    return { response: node, pointer: pointer ?? `#/paths/${escape(path)}/${method.toLowerCase()}/responses/${status}` };
  }

  /** Throws, naming what differs, unless `sample` is what the declared response allows. */
  check(response: Json, pointer: string, sample: Sample): void {
    const where = `${pointer} (status ${sample.status})`;
    const content = response['content']?.['application/json'];
    if (content) {
      const type = sample.headers.get('content-type') ?? '';
      if (!type.startsWith('application/json')) throw new Error(`${where}: Content-Type ${type}, not application/json`);
      const validate = this.validator(`${pointer}/content/application~1json/schema`);
      if (!validate(JSON.parse(sample.text))) {
        throw new Error(`${where}: body does not match: ${this.ajv.errorsText(validate.errors)}\n${sample.text.slice(0, 500)}`);
      }
    } else if (sample.text !== '') {
      throw new Error(`${where}: the document declares no body, got ${sample.text.slice(0, 200)}`);
    }
    for (const [name, entry] of Object.entries<Json>(response['headers'] ?? {})) {
      const { node: header, pointer: headerPointer } = resolve(this.doc, entry);
      const value = sample.headers.get(name);
      if (value === null) {
        if (header['required'] === true) throw new Error(`${where}: required header ${name} is missing`);
        continue;
      }
      const schemaPointer = `${headerPointer ?? `${pointer}/headers/${escape(name)}`}/schema`;
      const typed = header['schema']?.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      const validate = this.validator(schemaPointer);
      if (!validate(typed)) throw new Error(`${where}: header ${name}: ${value} ${this.ajv.errorsText(validate.errors)}`);
    }
  }

  /** Checks an answer of the operation `method path` (a path as written in the document). */
  checkOperation(method: string, path: string, sample: Sample): void {
    const { response, pointer } = this.declared(method, path, sample.status);
    this.check(response, pointer, sample);
  }

  /** Checks an answer against a shared response, `components.responses[name]`. */
  checkComponent(name: string, sample: Sample): void {
    const response = this.doc['components']['responses'][name];
    if (!response) throw new Error(`no components.responses.${name}`);
    this.check(response, `#/components/responses/${name}`, sample);
  }
}
