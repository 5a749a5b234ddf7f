import { type Announcements, closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Alert, Anchor, Badge, Button, Grid, Group, Image, Paper, Stack, Text, TextInput, Title, VisuallyHidden } from "@mantine/core";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormError } from "~/components/FormError";
import { useT } from "~/i18n/i18n-context";
import { applyPreferenceOp, moveItem, type PreferenceDraft, type PreferenceOp } from "~/schemas/b2b-preferences";

export interface PreferenceCandidateView {
  companyId: string;
  name: string;
  logoKey: string | null;
  city: string | null;
  country: "DE" | "CZ" | null;
  industries: Array<{ code: string; label: string }>;
  tags: string[];
  offers: string[];
  requests: string[];
  href: string;
}

export interface PreferenceEditorProps {
  candidates: PreferenceCandidateView[];
  /** The saved list (rank 1 first) and exclusions. */
  ranking: string[];
  excluded: string[];
  maxPreferences: number;
  /** false: the read-only view (the window is closed for the company). */
  editable: boolean;
  /** The last answer of the page's action: a draft to continue from (no JavaScript), a save, or a refusal. */
  result?: { ok: boolean; saved?: boolean; draft?: PreferenceDraft | null; error?: string; details?: Record<string, string | number> } | undefined;
  /** Extra fields posted with the list (the chosen company). */
  hiddenFields?: Record<string, string>;
  /** Shown above the save button (who saved last). */
  footer?: ReactNode;
  /** An organiser edits on the company's behalf: the list is "wishes of <company>", not "my wishes". */
  onBehalfOf?: string;
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase("de");

/**
 * The ranking editor (issue 12), shared by the participant's page and the organiser's page on a
 * company's behalf. Left (top on a phone): the other participating companies, searchable, each
 * with "add to my wishes" and "do not meet". Right: the ordered wishes — drag and drop (mouse,
 * touch, and dnd-kit's keyboard mode) and move buttons that keep the focus on the moved company,
 * each step announced in a live region — with the counter "x of K", and the exclusions.
 *
 * Without JavaScript the same buttons are submit buttons (`op=up:<id>` …): the server applies the
 * step to the posted list and renders it again unsaved; "save" stores it. With JavaScript the
 * buttons act in the browser and only "save" posts. The list travels as hidden inputs in order.
 */
export function PreferenceEditor(p: PreferenceEditorProps) {
  const t = useT();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const initial: PreferenceDraft = p.result?.draft ?? { ranking: p.ranking, excluded: p.excluded };
  const [draft, setDraft] = useState<PreferenceDraft>(initial);
  const [query, setQuery] = useState("");
  const [announcement, setAnnouncement] = useState("");
  const [focusTarget, setFocusTarget] = useState<{ id: string; control: string } | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  // A no-JavaScript step or a refused save came back with a draft: continue from it.
  useEffect(() => {
    if (p.result?.draft) setDraft(p.result.draft);
  }, [p.result]);
  // After a save the page reloads its data: the saved list is the new starting point.
  const savedKey = `${p.ranking.join(",")}|${p.excluded.join(",")}`;
  useEffect(() => {
    if (p.result?.saved) setDraft({ ranking: p.ranking, excluded: p.excluded });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [savedKey]);

  useEffect(() => {
    if (!focusTarget || !rootRef.current) return;
    const { id, control } = focusTarget;
    const find = (c: string) => rootRef.current!.querySelector<HTMLElement>(`[data-pref-control='${c}'][data-pref-id='${id}']:not([disabled])`);
    (find(control) ?? find(control === "up" ? "down" : "up") ?? find("drag"))?.focus();
    setFocusTarget(null);
  }, [focusTarget, draft]);

  const byId = useMemo(() => new Map(p.candidates.map((c) => [c.companyId, c])), [p.candidates]);
  const nameOf = (id: string | number) => byId.get(String(id))?.name ?? "";
  const ranking = draft.ranking.filter((id) => byId.has(id));
  const excluded = draft.excluded.filter((id) => byId.has(id));
  const full = ranking.length >= p.maxPreferences;
  const changed = ranking.join(",") !== p.ranking.join(",") || [...excluded].sort().join(",") !== [...p.excluded].sort().join(",");

  const apply = (op: PreferenceOp, id: string) => {
    const next = applyPreferenceOp({ ranking, excluded }, op, id);
    setDraft(next);
    const name = nameOf(id);
    const position = next.ranking.indexOf(id) + 1;
    const count = next.ranking.length;
    if (op === "add") setAnnouncement(t("b2bPrefs.announce.added", { name, position, count }));
    else if (op === "up" || op === "down" || op === "top") {
      setAnnouncement(t("b2bPrefs.announce.moved", { name, position, count }));
      setFocusTarget({ id, control: op === "down" ? "down" : "up" });
    } else if (op === "exclude") setAnnouncement(t("b2bPrefs.announce.excluded", { name }));
    else setAnnouncement(draft.excluded.includes(id) ? t("b2bPrefs.announce.unexcluded", { name }) : t("b2bPrefs.announce.removed", { name }));
  };
  /** Props of an editing button: a submit button without JavaScript, an in-page action with it. */
  const opButton = (op: PreferenceOp, id: string) => ({
    type: "submit" as const,
    name: "op",
    value: `${op}:${id}`,
    formNoValidate: true,
    onClick: (event: React.MouseEvent) => {
      event.preventDefault();
      apply(op, id);
    },
  });

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const positionOf = (id: string | number) => ranking.indexOf(String(id)) + 1;
  const lastOver = useRef<string | number | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t("b2bPrefs.dnd.start", { name: nameOf(active.id), position: positionOf(active.id), count: ranking.length });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t("b2bPrefs.dnd.over", { name: nameOf(active.id), position: positionOf(over.id), count: ranking.length });
    },
    onDragEnd: ({ active, over }) =>
      over ? t("b2bPrefs.dnd.end", { name: nameOf(active.id), position: positionOf(over.id), count: ranking.length }) : t("b2bPrefs.dnd.cancel", { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t("b2bPrefs.dnd.cancel", { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setDraft({ ranking: moveItem(ranking, ranking.indexOf(String(active.id)), ranking.indexOf(String(over.id))), excluded });
  };

  const folded = fold(query.trim());
  const shown = folded
    ? p.candidates.filter((c) => fold([c.name, c.city ?? "", ...c.industries.map((i) => `${i.code} ${i.label}`), ...c.tags, ...c.offers, ...c.requests].join(" ")).includes(folded))
    : p.candidates;

  return (
    <Form method="post" data-testid="prefs-form">
      {Object.entries(p.hiddenFields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {ranking.map((id) => (
        <input key={`r-${id}`} type="hidden" name="ranking" value={id} />
      ))}
      {excluded.map((id) => (
        <input key={`x-${id}`} type="hidden" name="excluded" value={id} />
      ))}
      <VisuallyHidden aria-live="polite" role="status" data-testid="prefs-announcement">
        {announcement}
      </VisuallyHidden>
      <Grid gap="lg" ref={rootRef}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm" component="section" aria-labelledby="prefs-companies-title">
            <Title order={2} size="h3" id="prefs-companies-title">
              {t("b2bPrefs.companies")}
            </Title>
            {p.candidates.length === 0 ? (
              <Text>{t("b2bPrefs.none")}</Text>
            ) : (
              <>
                <TextInput
                  type="search"
                  label={t("b2bPrefs.search")}
                  value={query}
                  onChange={(e) => setQuery(e.currentTarget.value)}
                  // Not submitted: the search only filters the cards below.
                  form="__none"
                  data-testid="prefs-search"
                />
                {/* On a phone the wishes come after all the companies: a way down to them. */}
                <Anchor href="#prefs-wishes-title" hiddenFrom="md" size="sm" underline="always">
                  {t("b2bPrefs.jumpToWishes", { count: ranking.length, max: p.maxPreferences })}
                </Anchor>
                <Text size="sm" c="dimmed" aria-live="polite" data-testid="prefs-search-count">
                  {t("b2bPrefs.searchCount", { shown: shown.length, total: p.candidates.length })}
                </Text>
                {shown.length === 0 && <Text>{t("b2bPrefs.noMatch")}</Text>}
                <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
                  {shown.map((c) => (
                    <CandidateCard
                      key={c.companyId}
                      c={c}
                      rank={ranking.indexOf(c.companyId) + 1}
                      excluded={excluded.includes(c.companyId)}
                      editable={p.editable}
                      full={full}
                      opButton={opButton}
                    />
                  ))}
                </Stack>
              </>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md" style={{ position: "sticky", top: "var(--mantine-spacing-md)" }}>
            <Paper withBorder p="md" component="section" aria-labelledby="prefs-wishes-title">
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Title order={2} size="h3" id="prefs-wishes-title">
                  {p.onBehalfOf ? t("b2bPrefs.wishesOf", { company: p.onBehalfOf }) : t("b2bPrefs.wishes")}
                </Title>
                <Badge size="lg" variant="filled" color={full ? "orange.9" : "blue.9"} style={{ flexShrink: 0 }} data-testid="prefs-counter">
                  {t("b2bPrefs.counter", { count: ranking.length, max: p.maxPreferences })}
                </Badge>
              </Group>
              {p.editable && ranking.length > 1 && (
                <Text size="sm" c="dimmed" mb="xs">
                  {t("b2bPrefs.wishesHint")}
                </Text>
              )}
              {ranking.length === 0 ? (
                <Text size="sm" data-testid="prefs-wishes-empty">
                  {p.editable ? t("b2bPrefs.wishesEmpty") : t("b2bPrefs.readOnlyEmpty")}
                </Text>
              ) : p.editable ? (
                <DndContext
                  id="b2b-preferences"
                  sensors={sensors}
                  collisionDetection={closestCenter}
                  onDragEnd={onDragEnd}
                  accessibility={{ announcements, screenReaderInstructions: { draggable: t("b2bPrefs.dnd.instructions") } }}
                >
                  <SortableContext items={ranking} strategy={verticalListSortingStrategy}>
                    <Stack component="ol" gap={6} p={0} m={0} style={{ listStyle: "none" }} aria-labelledby="prefs-wishes-title" data-testid="prefs-wishes">
                      {ranking.map((id, index) => (
                        <WishItem key={id} id={id} name={nameOf(id)} index={index} count={ranking.length} opButton={opButton} />
                      ))}
                    </Stack>
                  </SortableContext>
                </DndContext>
              ) : (
                <Stack component="ol" gap={4} pl="lg" m={0} data-testid="prefs-wishes">
                  {ranking.map((id) => (
                    <li key={id} data-testid="prefs-wish" data-company-id={id}>
                      <Text data-testid="prefs-wish-name">{nameOf(id)}</Text>
                    </li>
                  ))}
                </Stack>
              )}
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="prefs-excluded-title">
              <Title order={2} size="h4" id="prefs-excluded-title" mb="xs">
                {t("b2bPrefs.excludedTitle")}
              </Title>
              {excluded.length === 0 ? (
                <Text size="sm">{t("b2bPrefs.excludedEmpty")}</Text>
              ) : (
                <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: "none" }} data-testid="prefs-excluded">
                  {excluded.map((id) => (
                    <Group component="li" key={id} justify="space-between" wrap="nowrap" gap="xs" data-testid="prefs-excluded-item" data-company-id={id}>
                      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
                        {nameOf(id)}
                      </Text>
                      {p.editable && (
                        <Button size="compact-sm" variant="subtle" aria-label={t("b2bPrefs.unexcludeLabel", { name: nameOf(id) })} {...opButton("remove", id)}>
                          {t("b2bPrefs.unexclude")}
                        </Button>
                      )}
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
            {p.footer}
            {p.editable && (
              <Stack gap="xs">
                <FormError code={p.result && !p.result.ok ? (p.result.error ?? "INVALID_INPUT") : undefined} values={p.result?.details} />
                {p.result?.ok && p.result.saved && !changed && (
                  <Alert color="green" role="status" data-testid="prefs-saved">
                    {t("b2bPrefs.saved")}
                  </Alert>
                )}
                {changed && (
                  <Text size="sm" c="orange.9" data-testid="prefs-unsaved">
                    {t("b2bPrefs.unsaved")}
                  </Text>
                )}
                <Group>
                  <Button type="submit" name="intent" value="save" loading={saving} data-testid="prefs-save">
                    {t("b2bPrefs.save")}
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Form>
  );
}

type OpButton = (
  op: PreferenceOp,
  id: string,
) => { type: "submit"; name: string; value: string; formNoValidate: boolean; onClick: (event: React.MouseEvent) => void };

function CandidateCard({ c, rank, excluded, editable, full, opButton }: { c: PreferenceCandidateView; rank: number; excluded: boolean; editable: boolean; full: boolean; opButton: OpButton }) {
  const t = useT();
  const place = [c.city, c.country ? t(`country.${c.country}`) : null].filter(Boolean).join(", ");
  return (
    <Paper component="li" withBorder p="sm" data-testid="prefs-candidate" data-company-id={c.companyId}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {c.logoKey && <Image src={`/files/${c.logoKey}`} alt="" w={44} h={44} fit="contain" radius="sm" style={{ flexShrink: 0 }} />}
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              {c.name}
            </Text>
            {rank > 0 && (
              <Badge color="blue.9" data-testid="prefs-candidate-rank">
                {t("b2bPrefs.inWishes", { rank })}
              </Badge>
            )}
            {excluded && <Badge color="gray.7">{t("b2bPrefs.excludedBadge")}</Badge>}
          </Group>
          {place && (
            <Text size="sm" c="dimmed">
              {place}
            </Text>
          )}
          {c.industries.length > 0 && <Text size="sm">{c.industries.map((i) => i.label).join(" · ")}</Text>}
          {c.tags.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="prefs-candidate-tags">
              {c.tags.slice(0, 8).join(" · ")}
            </Text>
          )}
          {c.offers.length > 0 && (
            <Text size="sm">
              <Text span fw={600} size="sm">
                {t("b2bPrefs.offers")}:
              </Text>{" "}
              {c.offers.join("; ")}
            </Text>
          )}
          {c.requests.length > 0 && (
            <Text size="sm">
              <Text span fw={600} size="sm">
                {t("b2bPrefs.requests")}:
              </Text>{" "}
              {c.requests.join("; ")}
            </Text>
          )}
          <Group gap="xs" mt={4} wrap="wrap">
            <Anchor href={c.href} target="_blank" rel="noopener" size="sm" aria-label={t("b2bPrefs.profileLabel", { name: c.name })} underline="always">
              {t("b2bPrefs.profile")}
            </Anchor>
            {editable && rank === 0 && (
              <Button size="compact-sm" variant="light" disabled={full} aria-label={t("b2bPrefs.addLabel", { name: c.name })} data-testid="prefs-add" {...opButton("add", c.companyId)}>
                {t("b2bPrefs.add")}
              </Button>
            )}
            {editable && !excluded && (
              <Button size="compact-sm" variant="default" aria-label={t("b2bPrefs.excludeLabel", { name: c.name })} data-testid="prefs-exclude" {...opButton("exclude", c.companyId)}>
                {t("b2bPrefs.exclude")}
              </Button>
            )}
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

function WishItem({ id, name, index, count, opButton }: { id: string; name: string; index: number; count: number; opButton: OpButton }) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: "relative" }}
      data-testid="prefs-wish"
      data-company-id={id}
    >
      <Paper withBorder p={6} shadow={isDragging ? "md" : undefined}>
        <Group wrap="nowrap" gap={6}>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray.8"
            size="lg"
            style={{ cursor: "grab", touchAction: "none" }}
            aria-label={t("b2bPrefs.drag", { name })}
            data-pref-control="drag"
            data-pref-id={id}
            data-testid="prefs-drag"
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⠿</span>
          </ActionIcon>
          <Text fw={700} w={28} ta="right" aria-hidden="true">
            {index + 1}.
          </Text>
          <Text style={{ flex: 1, minWidth: 0, overflowWrap: "anywhere" }} data-testid="prefs-wish-name">
            {name}
          </Text>
          <ActionIcon variant="subtle" color="gray.8" disabled={index === 0} aria-label={t("b2bPrefs.moveUp", { name })} data-pref-control="up" data-pref-id={id} data-testid="prefs-up" {...opButton("up", id)}>
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray.8"
            disabled={index === count - 1}
            aria-label={t("b2bPrefs.moveDown", { name })}
            data-pref-control="down"
            data-pref-id={id}
            data-testid="prefs-down"
            {...opButton("down", id)}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <ActionIcon variant="subtle" color="red.9" aria-label={t("b2bPrefs.removeLabel", { name })} data-testid="prefs-remove" {...opButton("remove", id)}>
            <span aria-hidden="true">×</span>
          </ActionIcon>
        </Group>
      </Paper>
    </li>
  );
}
