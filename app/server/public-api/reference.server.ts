import { API_BASE, openApiDocument } from "./openapi.server";

/**
 * What the API reference page (routes/api-reference.tsx) shows, read from the generated OpenAPI
 * document itself — so the page documents exactly what the document says (decision 064).
 */

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  items?: JsonSchema;
  $ref?: string;
  anyOf?: JsonSchema[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

interface OpenApiDoc {
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema: JsonSchema }>;
  responses: Record<string, { description: string; content?: { "application/json": { schema: JsonSchema } } }>;
}

export interface ReferenceParameter {
  name: string;
  in: string;
  required: boolean;
  type: string;
  description: string;
}
export interface ReferenceOperation {
  id: string;
  method: "GET";
  path: string;
  tag: string;
  summary: string;
  description: string;
  parameters: ReferenceParameter[];
  /** Status code → description. */
  responses: Array<{ status: string; description: string; schema: string | null }>;
  curl: string;
}
export interface ApiReference {
  title: string;
  version: string;
  description: string;
  documentUrl: string;
  operations: ReferenceOperation[];
  /** Component schemas as pretty JSON, by name. */
  schemas: Array<{ name: string; json: string }>;
}

const refName = (ref: string) => ref.split("/").pop() ?? ref;

/** A short type text: `string`, `integer 1–100`, `"de" | "cs"`, `uuid[]`. */
export function typeText(schema: JsonSchema): string {
  if (schema.$ref) return refName(schema.$ref);
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.anyOf) return schema.anyOf.map(typeText).join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : (schema.type ?? "any");
  if (type === "array" && schema.items) return `${typeText(schema.items)}[]`;
  const base = schema.format ?? type;
  const range = schema.minimum !== undefined || schema.maximum !== undefined ? ` ${schema.minimum ?? ""}–${schema.maximum ?? ""}` : "";
  const length = schema.maxLength !== undefined ? ` ≤ ${schema.maxLength}` : "";
  const fallback = schema.default !== undefined && !(Array.isArray(schema.default) && schema.default.length === 0) && schema.default !== "" ? ` = ${JSON.stringify(schema.default)}` : "";
  return `${base}${range}${length}${fallback}`;
}

function exampleQuery(operation: Operation): string {
  switch (operation.operationId) {
    case "listCompanies":
      return "?country=CZ&lang=cs";
    case "listAds":
      return "?kind=OFFER&q=metall";
    case "listEvents":
      return "?when=upcoming";
    case "listNews":
      return "?page=1";
    default:
      return "";
  }
}

export function apiReference(origin: string): ApiReference {
  const doc = openApiDocument() as OpenApiDoc;
  const operations: ReferenceOperation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const operation = methods.get;
    if (!operation) continue;
    const examplePath = path.replace("{id}", "<id>");
    operations.push({
      id: operation.operationId,
      method: "GET",
      path,
      tag: operation.tags[0] ?? "",
      summary: operation.summary,
      description: operation.description,
      parameters: (operation.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required === true,
        type: typeText(p.schema),
        description: p.description ?? p.schema.description ?? "",
      })),
      responses: Object.entries(operation.responses).map(([status, r]) => {
        const schema = r.content?.["application/json"].schema;
        return { status, description: r.description, schema: schema?.$ref ? refName(schema.$ref) : null };
      }),
      curl: `curl -i '${origin}${examplePath}${exampleQuery(operation)}'`,
    });
  }
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description,
    documentUrl: `${origin}${API_BASE}/openapi.json`,
    operations,
    schemas: Object.entries(doc.components.schemas).map(([name, schema]) => ({ name, json: JSON.stringify(schema, null, 2) })),
  };
}
