import {
  closestCenter,
  DndContext,
  type Announcements,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { Alert, Button, Grid, Group, Menu, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { useEffect, useMemo, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FormRenderer } from "~/components/event-form/FormRenderer";
import { FormError } from "~/components/FormError";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { MessageKey } from "~/i18n/translate";
import { FIELD_TYPES, type EventFormDefinition, type FieldType, type FormField } from "~/schemas/event-form";
import { dependentsOf, type FormRuleErrors } from "~/schemas/event-form-rules";
import { builderErrors, fieldTitle, moveField, newField, placeErrors, ruleErrorMessage } from "./builder-state";
import { DeleteFieldModal } from "./DeleteFieldModal";
import { FieldCard } from "./FieldCard";

export const TYPE_KEYS: Record<FieldType, MessageKey> = {
  text: "eventForm.type.text",
  localizedText: "eventForm.type.localizedText",
  number: "eventForm.type.number",
  email: "eventForm.type.email",
  checkbox: "eventForm.type.checkbox",
  select: "eventForm.type.select",
  localizedSelect: "eventForm.type.localizedSelect",
  info: "eventForm.type.info",
};

interface Props {
  /** The saved version the builder started from (the edit rules compare against it). */
  saved: EventFormDefinition;
  version: number;
  /** The server's answer to the last save, when it refused. */
  failure?: { error?: string | undefined; formErrors?: FormRuleErrors | undefined } | undefined;
}

/**
 * The registration form builder (decision 016): a sortable list of fields (mouse and keyboard via
 * dnd-kit, plus move buttons), an editor per field, and a live preview in German and Czech. The
 * same rules as the server's are checked while editing; they show after the first save attempt and
 * disappear as soon as they are fixed. Saving posts the whole definition as JSON with the version
 * it is based on, so the server can refuse a save over someone else's newer version.
 */
export function FormBuilder({ saved, version, failure }: Props) {
  const t = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const [def, setDef] = useState<EventFormDefinition>(saved);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const [serverErrors, setServerErrors] = useState<FormRuleErrors>({});
  const [deleting, setDeleting] = useState<string | null>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const untitled = t("eventForm.builder.untitled");

  const liveErrors = useMemo(() => builderErrors(saved, def), [saved, def]);
  const shownErrors: FormRuleErrors = attempted ? { ...serverErrors, ...liveErrors } : {};

  // A refused save: show every error and focus the first one. Server errors stand until the next edit.
  useEffect(() => {
    if (!failure) return;
    setServerErrors(failure.formErrors ?? {});
    setAttempted(true);
    setFocusTick((n) => n + 1);
  }, [failure]);

  const update = (next: EventFormDefinition) => {
    setDef(next);
    setServerErrors({});
  };
  const patchField = (field: FormField) => update({ fields: def.fields.map((f) => (f.id === field.id ? field : f)) });

  // Fields with errors are opened so their inputs can show the message and take the focus.
  const isOpen = (id: string) => open.has(id) || (shownErrors[id]?.length ?? 0) > 0;
  const toggle = (id: string) => setOpen((prev) => (prev.has(id) ? new Set([...prev].filter((x) => x !== id)) : new Set([...prev, id])));

  useEffect(() => {
    if (focusTick === 0 || !listRef.current) return;
    listRef.current.querySelector<HTMLElement>("[aria-invalid='true'], [data-error-anchor='true']")?.focus();
  }, [focusTick]);

  useEffect(() => {
    if (!focusField || !listRef.current) return;
    listRef.current.querySelector<HTMLElement>(`[data-field-card='${focusField}'] input`)?.focus();
    setFocusField(null);
  }, [focusField]);

  const addField = (type: FieldType) => {
    const field = newField(type, new Set(def.fields.map((f) => f.id)));
    update({ fields: [...def.fields, field] });
    setOpen((prev) => new Set([...prev, field.id]));
    setFocusField(field.id);
  };

  const move = (from: number, to: number) => update(moveField(def, from, to));

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = def.fields.map((f) => f.id);
  const titleOf = (id: string | number) => fieldTitle(def.fields.find((f) => f.id === id), locale, untitled);
  const positionOf = (id: string | number) => ids.indexOf(String(id)) + 1;
  // The field last announced as the drop target: dnd-kit reports the picked-up field as its own
  // first target, which would replace "picked up" before a screen reader reads it.
  const lastOver = useRef<string | number | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t("eventForm.builder.dnd.start", { title: titleOf(active.id), position: positionOf(active.id), count: ids.length });
    },
    onDragOver: ({ active, over }) => {
      if (!over || over.id === lastOver.current) return undefined;
      lastOver.current = over.id;
      return t("eventForm.builder.dnd.over", { title: titleOf(active.id), position: positionOf(over.id), count: ids.length });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t("eventForm.builder.dnd.end", { title: titleOf(active.id), position: positionOf(over.id), count: ids.length })
        : t("eventForm.builder.dnd.cancel", { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t("eventForm.builder.dnd.cancel", { title: titleOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (Object.keys(liveErrors).length === 0) return;
    event.preventDefault();
    setAttempted(true);
    setFocusTick((n) => n + 1);
  };

  // Errors of fields no longer in the list (a field deleted while others depend on it, reported by the server).
  const orphanErrors = Object.entries(shownErrors).filter(([id]) => !ids.includes(id));
  const deletingField = def.fields.find((f) => f.id === deleting);
  const hasErrors = Object.keys(shownErrors).length > 0;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="md" ref={listRef}>
          <Title order={2} size="h3">
            {t("eventForm.builder.fieldsHeading")}
          </Title>
          {def.fields.length === 0 && <Text c="dimmed">{t("eventForm.builder.empty")}</Text>}
          {orphanErrors.flatMap(([id, list]) =>
            list.map((error, i) => (
              <Alert key={`${id}-${i}`} color="red" variant="light" tabIndex={-1} data-error-anchor="true">
                {ruleErrorMessage(error, def, locale)}
              </Alert>
            )),
          )}
          <DndContext id="event-form-builder" sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t("eventForm.builder.dnd.instructions") } }}>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("eventForm.builder.fieldsHeading")}>
                {def.fields.map((field, index) => (
                  <FieldCard
                    key={field.id}
                    field={field}
                    index={index}
                    count={def.fields.length}
                    def={def}
                    open={isOpen(field.id)}
                    errors={placeErrors(shownErrors[field.id])}
                    typeLabel={t(TYPE_KEYS[field.type])}
                    onToggle={() => toggle(field.id)}
                    onMove={move}
                    onDelete={() => setDeleting(field.id)}
                    onChange={patchField}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
          <Group>
            <Menu position="bottom-start">
              <Menu.Target>
                <Button variant="light" data-testid="add-field">
                  {t("eventForm.builder.addField")}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {FIELD_TYPES.map((type) => (
                  <Menu.Item key={type} onClick={() => addField(type)} data-testid={`add-field-${type}`}>
                    {t(TYPE_KEYS[type])}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
          {hasErrors && (
            <Alert color="red" variant="light" role="alert" data-testid="builder-errors">
              {t("eventForm.builder.fixErrors")}
            </Alert>
          )}
          {failure?.error && failure.error !== "INVALID_INPUT" && <FormError code={failure.error} />}
          <Form method="post" onSubmit={onSubmit}>
            <input type="hidden" name="definition" value={JSON.stringify(def)} />
            <input type="hidden" name="baseVersion" value={version} />
            <Button type="submit" loading={navigation.state === "submitting"} data-testid="save-form">
              {t("eventForm.builder.save")}
            </Button>
          </Form>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Paper withBorder p="md" component="section" aria-labelledby="form-preview-heading">
          <Title order={2} size="h3" id="form-preview-heading">
            {t("eventForm.builder.preview")}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t("eventForm.builder.previewHint")}
          </Text>
          <Tabs defaultValue={locale}>
            <Tabs.List>
              <Tabs.Tab value="de" data-testid="preview-tab-de">
                {t("eventForm.builder.previewDe")}
              </Tabs.Tab>
              <Tabs.Tab value="cs" data-testid="preview-tab-cs">
                {t("eventForm.builder.previewCs")}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="de" pt="md">
              <FormRenderer definition={def} locale="de" />
            </Tabs.Panel>
            <Tabs.Panel value="cs" pt="md">
              <FormRenderer definition={def} locale="cs" />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Grid.Col>
      <DeleteFieldModal
        field={deletingField}
        dependents={deletingField ? dependentsOf(def, deletingField.id).map(titleOf) : []}
        title={deletingField ? titleOf(deletingField.id) : ""}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deletingField) update({ fields: def.fields.filter((f) => f.id !== deletingField.id) });
          setDeleting(null);
        }}
      />
    </Grid>
  );
}
