import { Badge, Box, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { useFormat, useT } from "~/i18n/i18n-context";
import type { CompanySide, DuplicateDecision, DuplicatePairView } from "~/schemas/duplicates";

/** The values of one compared field, as text lines (what "differs" compares). */
type FieldKey = "name" | "status" | "created" | "website" | "addresses" | "identifiers" | "contacts" | "nace" | "tags" | "accounts" | "activity";

function useFieldLines() {
  const t = useT();
  const format = useFormat();
  return (side: CompanySide, field: FieldKey): string[] => {
    switch (field) {
      case "name":
        return [side.name];
      case "status":
        return [t(`companyAdmin.state.${side.status as "VERIFIED" | "PENDING" | "DEACTIVATED"}`)];
      case "created":
        return [format.date(side.createdAt)];
      case "website":
        return side.website ? [side.website] : [];
      case "identifiers":
        return side.identifiers.map((i) => `${t(`duplicates.identifier.${i.kind}`)}${i.label ? ` (${i.label})` : ""}: ${i.value}`);
      case "accounts":
        return side.accounts.map((a) => `${a.name} <${a.email}>${a.status === "CONFIRMED" ? "" : ` (${t(`duplicates.link.${a.status as "REQUESTED" | "REJECTED"}`)})`}`);
      case "activity":
        return [`${side.counts.ads} · ${side.counts.registrations} · ${side.counts.events} · ${side.counts.news}`];
      default:
        return side[field];
    }
  };
}

const FIELDS: FieldKey[] = ["name", "status", "created", "website", "addresses", "identifiers", "contacts", "nace", "tags", "accounts", "activity"];
/** Fields whose difference says nothing (every pair differs in when it was created). */
const NOT_COMPARED = new Set<FieldKey>(["created"]);
const comparable = (lines: string[]) => lines.map((l) => l.trim().toLowerCase()).sort().join("\n");

function Side({ side, other, role }: { side: CompanySide; other: CompanySide; role: "original" | "duplicate" }) {
  const t = useT();
  const lines = useFieldLines();
  return (
    <Stack gap="xs" data-testid={`duplicate-side-${role}`}>
      <Title order={3} size="h5">
        {t(role === "original" ? "page.adminDuplicates.original" : "page.adminDuplicates.duplicate")}
      </Title>
      {FIELDS.map((field) => {
        const mine = lines(side, field);
        const differs = !NOT_COMPARED.has(field) && comparable(mine) !== comparable(lines(other, field));
        return (
          <Box
            key={field}
            p={4}
            style={differs ? { background: "var(--mantine-color-yellow-light)", borderRadius: 4 } : undefined}
            data-differs={differs ? "true" : undefined}
            data-field={field}
          >
            <Text size="xs" fw={700}>
              {t(`page.adminDuplicates.field.${field}`)}
              {differs && <VisuallyHidden> {t("page.adminDuplicates.differs")}</VisuallyHidden>}
            </Text>
            {mine.length === 0 ? (
              <Text size="sm">{t("page.adminDuplicates.none")}</Text>
            ) : (
              mine.map((line, i) => (
                <Text key={i} size="sm" style={{ overflowWrap: "anywhere" }}>
                  {line}
                </Text>
              ))
            )}
          </Box>
        );
      })}
    </Stack>
  );
}

export function DuplicatePairCard({
  pair,
  selected,
  onToggle,
  onChoose,
  children,
}: {
  pair: DuplicatePairView;
  selected: boolean;
  onToggle: () => void;
  onChoose: (decision: DuplicateDecision) => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Paper withBorder p="md" component="article" data-testid="duplicate-pair" data-pair={`${pair.left.id}:${pair.right.id}`} aria-label={`${pair.left.name} / ${pair.right.name}`}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Group gap="sm" wrap="wrap">
          <Checkbox
            checked={selected}
            onChange={onToggle}
            aria-label={t("page.adminDuplicates.select", { left: pair.left.name, right: pair.right.name })}
            data-testid="duplicate-select"
          />
          <Badge color="blue" variant="light" data-testid="duplicate-score">
            {t("page.adminDuplicates.score", { score: pair.score })}
          </Badge>
          {pair.reasons.map((reason) => (
            <Badge key={reason} color="gray" variant="outline" data-testid="duplicate-reason">
              {t(`duplicates.reason.${reason}`)}
            </Badge>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Side side={pair.left} other={pair.right} role="original" />
        <Side side={pair.right} other={pair.left} role="duplicate" />
      </SimpleGrid>
      <Group mt="md" gap="sm" wrap="wrap">
        <Button variant="default" onClick={() => onChoose("KEEP_BOTH")} data-testid="duplicate-keep-both">
          {t("duplicates.decision.KEEP_BOTH")}
        </Button>
        <Button color="red" variant="light" onClick={() => onChoose("DELETE_DUPLICATE")} data-testid="duplicate-delete-right">
          {t("duplicates.decision.DELETE_DUPLICATE")}
        </Button>
        <Button color="red" variant="light" onClick={() => onChoose("DELETE_ORIGINAL")} data-testid="duplicate-delete-left">
          {t("duplicates.decision.DELETE_ORIGINAL")}
        </Button>
      </Group>
      {children}
    </Paper>
  );
}
