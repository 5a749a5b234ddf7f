import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { type KeyboardEvent, useState } from "react";
import { useFieldError } from "~/components/FormError";
import { TranslateButton } from "~/components/translation/TranslateButton";
import { useT } from "~/i18n/i18n-context";
import { LIMITS, NewTagSchema } from "~/schemas/company";
import { fieldErrors } from "~/schemas/form-errors";
import { cleanTagText } from "./tag-values";

interface Props {
  opened: boolean;
  onClose: () => void;
  onAdd: (tag: { de: string; cs: string }) => void;
}

/**
 * Asks for a new tag's German and Czech text (spec §3: a tag has both). No <form> here: the dialog
 * is rendered inside the profile form's React tree, and a nested submit would bubble up to it.
 */
export function NewTagDialog({ opened, onClose, onAdd }: Props) {
  const t = useT();
  const fieldError = useFieldError();
  const [de, setDe] = useState("");
  const [cs, setCs] = useState("");
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});

  const close = () => {
    setDe("");
    setCs("");
    setErrors({});
    onClose();
  };

  const add = () => {
    const parsed = NewTagSchema.safeParse({ de: cleanTagText(de), cs: cleanTagText(cs) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    onAdd(parsed.data);
    close();
  };

  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    add();
  };

  return (
    <Modal opened={opened} onClose={close} title={t("company.tag.dialogTitle")} closeButtonProps={{ "aria-label": t("action.close") }}>
      <Stack>
        <Text size="sm">{t("company.tag.dialogIntro")}</Text>
        <TextInput
          label={t("company.tag.labelDe")}
          lang="de"
          value={de}
          onChange={(e) => setDe(e.currentTarget.value)}
          onKeyDown={onEnter}
          maxLength={LIMITS.tagLabel}
          withAsterisk
          error={fieldError(errors.de)}
          data-autofocus
          data-testid="new-tag-de"
        />
        <TranslateButton kind="tag" field="label" from="cs" to="de" getSource={() => cs} onResult={(text) => setDe(cleanTagText(text).slice(0, LIMITS.tagLabel))} testId="translate-new-tag-de" />
        <TextInput
          label={t("company.tag.labelCs")}
          lang="cs"
          value={cs}
          onChange={(e) => setCs(e.currentTarget.value)}
          onKeyDown={onEnter}
          maxLength={LIMITS.tagLabel}
          withAsterisk
          error={fieldError(errors.cs)}
          data-testid="new-tag-cs"
        />
        <TranslateButton kind="tag" field="label" from="de" to="cs" getSource={() => de} onResult={(text) => setCs(cleanTagText(text).slice(0, LIMITS.tagLabel))} testId="translate-new-tag-cs" />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t("action.cancel")}
          </Button>
          <Button onClick={add} data-testid="new-tag-add">
            {t("company.tag.addConfirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
