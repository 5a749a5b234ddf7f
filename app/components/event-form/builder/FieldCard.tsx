import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ActionIcon, Badge, Button, Group, Paper, Text } from "@mantine/core";
import { useLocale, useT } from "~/i18n/i18n-context";
import type { EventFormDefinition, FormField } from "~/schemas/event-form";
import { dependentsOf } from "~/schemas/event-form-rules";
import { FieldEditor } from "./FieldEditor";
import { type FieldErrorsByPlace, fieldTitle } from "./builder-state";

interface Props {
  field: FormField;
  index: number;
  count: number;
  def: EventFormDefinition;
  open: boolean;
  errors: FieldErrorsByPlace;
  typeLabel: string;
  onToggle: () => void;
  onMove: (from: number, to: number) => void;
  onDelete: () => void;
  onChange: (field: FormField) => void;
}

/**
 * One field in the builder's list: a drag handle (mouse, touch, and keyboard — Space picks the
 * field up, arrows move it, Space drops, Escape cancels; dnd-kit announces each step), move
 * up/down buttons for those who prefer plain buttons, edit and delete.
 */
export function FieldCard({ field, index, count, def, open, errors, typeLabel, onToggle, onMove, onDelete, onChange }: Props) {
  const t = useT();
  const locale = useLocale();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: field.id });
  const title = fieldTitle(field, locale, t("eventForm.builder.untitled"));
  const dependents = dependentsOf(def, field.id).map((id) => fieldTitle(def.fields.find((f) => f.id === id), locale, t("eventForm.builder.untitled")));
  const invalid = errors.field.length > 0 || errors.title || errors.options || errors.condition || errors.option.size > 0 || errors.rule.size > 0;
  const editorId = `field-editor-${field.id}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 2 : undefined, position: "relative" }}
      data-field-card={field.id}
      data-testid={`field-card-${index}`}
    >
      <Paper withBorder p="sm" shadow={isDragging ? "md" : undefined} style={invalid ? { borderColor: "var(--mantine-color-red-6)" } : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }} align="flex-start">
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="lg"
              style={{ cursor: "grab", touchAction: "none" }}
              aria-label={t("eventForm.builder.dragHandle", { title })}
              data-testid={`drag-${field.id}`}
              {...attributes}
              {...listeners}
            >
              <span aria-hidden="true">⠿</span>
            </ActionIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }} data-testid={`field-heading-${index}`}>
                {title}
              </Text>
              <Group gap={4} mt={2}>
                <Badge variant="light" size="sm">
                  {typeLabel}
                </Badge>
                {field.required && (
                  <Badge variant="outline" size="sm" color="gray">
                    {t("eventForm.builder.requiredBadge")}
                  </Badge>
                )}
                {field.condition && (
                  <Badge variant="outline" size="sm" color="grape">
                    {t("eventForm.builder.conditionalBadge")}
                  </Badge>
                )}
              </Group>
            </div>
          </Group>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t("eventForm.builder.moveUp", { title })} data-testid={`move-up-${field.id}`}>
              <span aria-hidden="true">↑</span>
            </ActionIcon>
            <ActionIcon variant="subtle" color="gray" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t("eventForm.builder.moveDown", { title })} data-testid={`move-down-${field.id}`}>
              <span aria-hidden="true">↓</span>
            </ActionIcon>
          </Group>
        </Group>
        <Group gap="xs" mt="xs">
          <Button size="xs" variant="light" onClick={onToggle} aria-expanded={open} aria-controls={editorId} data-testid={`edit-${field.id}`}>
            {open ? t("eventForm.builder.close") : t("eventForm.builder.edit")}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={onDelete} data-testid={`delete-${field.id}`}>
            {t("eventForm.builder.delete")}
          </Button>
        </Group>
        <div id={editorId} hidden={!open}>
          {open && (
            <div style={{ marginTop: "var(--mantine-spacing-sm)" }}>
              <FieldEditor field={field} def={def} errors={errors} dependents={dependents} onChange={onChange} />
            </div>
          )}
        </div>
      </Paper>
    </li>
  );
}
