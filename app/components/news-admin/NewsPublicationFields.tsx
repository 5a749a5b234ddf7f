import { Alert, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { type SyntheticEvent, useState } from "react";
import { LocaleDateInput } from "~/components/forms/LocaleDateInput";
import { useFormat, useT } from "~/i18n/i18n-context";
import { typedPublication } from "~/schemas/news-values";

interface Props {
  publishNow: boolean;
  publishDate: string;
  publishTime: string;
  /** Edit of an item that is out already: "publish now" keeps its original date. */
  alreadyPublished: boolean;
  error: (field: string) => string | undefined;
}

/**
 * "Publish now", or a date and time (Berlin wall clock). A typed instant in the future means the
 * item is scheduled: the hint says when it will appear; one in the past says it appears at once.
 */
export function NewsPublicationFields({ publishNow: initialNow, publishDate, publishTime, alreadyPublished, error }: Props) {
  const t = useT();
  const format = useFormat();
  const [publishNow, setPublishNow] = useState(initialNow);
  const [typed, setTyped] = useState({ date: publishDate, time: publishTime });
  // The inputs keep their own values; their events bubble here to recompute the hint.
  const follow = (event: SyntheticEvent) => {
    const form = (event.target as HTMLElement).closest("form");
    if (!form) return;
    const data = new FormData(form);
    setTyped({ date: String(data.get("publishDate") ?? ""), time: String(data.get("publishTime") ?? "") });
  };
  const at = publishNow ? null : typedPublication(typed.date, typed.time, new Date().getFullYear());

  return (
    <Stack onInput={follow} onChange={follow} onBlur={follow}>
      <Switch
        name="publishNow"
        label={t("newsForm.publishNow")}
        description={publishNow && alreadyPublished ? t("newsForm.publishNowKeeps") : undefined}
        checked={publishNow}
        onChange={(e) => setPublishNow(e.currentTarget.checked)}
        data-testid="news-publish-now"
      />
      {!publishNow && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <LocaleDateInput
            name="publishDate"
            label={t("newsForm.publishDate")}
            description={t("eventForm.dateHint")}
            defaultValue={publishDate}
            withAsterisk
            error={error("publishDate")}
            data-testid="news-publish-date"
          />
          <TextInput
            name="publishTime"
            type="time"
            label={t("newsForm.publishTime")}
            description={t("eventForm.timeHint")}
            defaultValue={publishTime}
            withAsterisk
            error={error("publishTime")}
            data-testid="news-publish-time"
          />
        </SimpleGrid>
      )}
      {at && (
        <Alert color={at.getTime() > Date.now() ? "blue" : "gray"} variant="light" data-testid="news-scheduled-hint" data-scheduled={at.getTime() > Date.now() ? "true" : "false"}>
          <Text size="sm">{at.getTime() > Date.now() ? t("newsForm.scheduledHint", { date: format.dateTime(at) }) : t("newsForm.pastHint")}</Text>
        </Alert>
      )}
    </Stack>
  );
}
