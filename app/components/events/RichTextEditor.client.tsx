import "@mantine/tiptap/styles.css";
import { Link, RichTextEditor } from "@mantine/tiptap";
import { useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useT } from "~/i18n/i18n-context";

interface Props {
  id: string;
  lang: string;
  label: string;
  defaultValue: string;
  invalid: boolean;
  describedBy?: string | undefined;
  onChange: (html: string) => void;
}

/**
 * The rich-text editor (browser only: tiptap needs the DOM). Only the formatting the server's
 * sanitiser keeps is offered (rich-text.server.ts); the server cleans whatever arrives anyway.
 */
export default function EventRichTextEditor({ id, lang, label, defaultValue, invalid, describedBy, onChange }: Props) {
  const t = useT();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, heading: { levels: [3, 4] }, code: false, codeBlock: false, horizontalRule: false }), Link.configure({ openOnClick: false })],
    content: defaultValue,
    immediatelyRender: false,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
    editorProps: {
      attributes: {
        id,
        lang,
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      },
    },
  });
  const labels = {
    boldControlLabel: t("richText.bold"),
    italicControlLabel: t("richText.italic"),
    underlineControlLabel: t("richText.underline"),
    strikeControlLabel: t("richText.strike"),
    h3ControlLabel: t("richText.h3"),
    h4ControlLabel: t("richText.h4"),
    bulletListControlLabel: t("richText.bulletList"),
    orderedListControlLabel: t("richText.orderedList"),
    blockquoteControlLabel: t("richText.blockquote"),
    linkControlLabel: t("richText.link"),
    unlinkControlLabel: t("richText.unlink"),
    linkEditorInputLabel: t("richText.linkUrl"),
    linkEditorInputPlaceholder: "https://",
    linkEditorExternalLink: t("richText.link"),
    linkEditorInternalLink: t("richText.link"),
    linkEditorSave: t("action.save"),
  };
  return (
    <RichTextEditor editor={editor} labels={labels} data-testid={`editor-${id}`}>
      <RichTextEditor.Toolbar>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H3 />
          <RichTextEditor.H4 />
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={160} />
    </RichTextEditor>
  );
}
