import { Anchor, Badge, Code, Group, Stack, Table, Text, Title } from "@mantine/core";
import { useLoaderData } from "react-router";
import { useT } from "~/i18n/i18n-context";
import { pageMeta } from "~/routing/current-page";
import { apiReference } from "~/server/public-api/reference.server";
import { publicBaseUrl } from "~/server/request-origin.server";
import type { Route } from "./+types/api-reference";

/**
 * The reference of the public API (issue 25, decision 064), rendered by our own components from
 * the generated OpenAPI document (no third-party viewer, no scripts from elsewhere). The page is
 * in both languages; the document's own texts (summaries, descriptions) are English.
 */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, "page.apiReference.title");
}

export function loader() {
  return apiReference(publicBaseUrl());
}

export default function ApiReferencePage() {
  const t = useT();
  const reference = useLoaderData<typeof loader>();
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>{t("page.apiReference.title")}</Title>
        <Text>{t("apiReference.intro")}</Text>
        <Text>{t("apiReference.rules")}</Text>
        <Text size="sm">{t("apiReference.englishNote")}</Text>
        <Text>
          {t("apiReference.document")}{" "}
          <Anchor href={reference.documentUrl} underline="always" data-testid="api-openapi-link">
            {reference.documentUrl}
          </Anchor>{" "}
          <Text span c="dimmed" size="sm">
            ({reference.title} {reference.version}, OpenAPI 3.1)
          </Text>
        </Text>
      </Stack>

      <nav aria-label={t("apiReference.endpoints")}>
        <Title order={2} mb="xs">
          {t("apiReference.endpoints")}
        </Title>
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: "none" }}>
          {reference.operations.map((op) => (
            <li key={op.id}>
              <Anchor href={`#${op.id}`}>
                <Code>GET {op.path}</Code>
              </Anchor>{" "}
              <Text span size="sm">
                {op.summary}
              </Text>
            </li>
          ))}
        </Stack>
      </nav>

      {reference.operations.map((op) => (
        <Stack key={op.id} gap="sm" component="section" id={op.id} aria-labelledby={`${op.id}-title`} data-testid="api-operation">
          <Group gap="xs" align="baseline">
            <Badge color="teal.9" variant="filled">
              {op.method}
            </Badge>
            <Title
              order={3}
              id={`${op.id}-title`}
              style={{
                fontFamily: "var(--mantine-font-family-monospace)",
                overflowWrap: "anywhere",
              }}
            >
              {op.path}
            </Title>
          </Group>
          <Text fw={600}>{op.summary}</Text>
          <Text>{op.description}</Text>
          {op.parameters.length > 0 && (
            <Table striped withTableBorder style={{ overflowWrap: "anywhere" }}>
              <Table.Caption>{t("apiReference.parameters")}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("apiReference.name")}</Table.Th>
                  <Table.Th>{t("apiReference.in")}</Table.Th>
                  <Table.Th>{t("apiReference.type")}</Table.Th>
                  <Table.Th>{t("apiReference.description")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {op.parameters.map((p) => (
                  <Table.Tr key={`${p.in}-${p.name}`}>
                    <Table.Td>
                      <Code>{p.name}</Code>
                      {p.required && (
                        <Text span size="xs" ml={4}>
                          ({t("apiReference.required")})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{p.in}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      <Code>{p.type}</Code>
                    </Table.Td>
                    <Table.Td>{p.description}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={4}>{t("apiReference.responses")}</Title>
          <Stack gap={2} component="ul" m={0} pl="md">
            {op.responses.map((r) => (
              <li key={r.status}>
                <Code>{r.status}</Code> {r.description}
                {r.schema && (
                  <>
                    {" "}
                    <Anchor href={`#schema-${r.schema}`} underline="always">
                      {r.schema}
                    </Anchor>
                  </>
                )}
              </li>
            ))}
          </Stack>
          <Title order={4}>{t("apiReference.example")}</Title>
          <Code block style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {op.curl}
          </Code>
        </Stack>
      ))}

      <Stack gap="sm" component="section" aria-labelledby="api-schemas">
        <Title order={2} id="api-schemas">
          {t("apiReference.schemas")}
        </Title>
        {reference.schemas.map((s) => (
          <details key={s.name} id={`schema-${s.name}`}>
            <summary>
              <Code>{s.name}</Code>
            </summary>
            <Code block style={{ maxHeight: 480, overflow: "auto" }} tabIndex={0}>
              {s.json}
            </Code>
          </details>
        ))}
      </Stack>
    </Stack>
  );
}
