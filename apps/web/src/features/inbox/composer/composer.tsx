import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconClockExclamation, IconPaperclip, IconSend, IconTemplate } from '@tabler/icons-react';
import { renderQuickMessage, type TConversation, type TQuickMessage } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { AiMenu, type TAiInsert } from './ai-menu';
import { AttachmentChips, useAttachments } from './attachments';
import { EmojiPicker } from './emoji-picker';
import { useQuickMessages } from '../../quick-messages/quick-messages-api';
import { inboxApi } from '../data/inbox-api';
import { QUICK_MENU_ID, QuickReplyMenu, quickOptionId } from './quick-reply-menu';
import { filterQuickMessages, insertQuick, quickQuery } from './quick-replies';
import { TemplateDialog } from './template-dialog';
import type { TUploadedFile } from './upload';
import { useSender } from './use-sender';
import { VoiceRecorder } from './voice-recorder';
import classes from '../inbox.module.css';

const drafts = new Map<string, string>();
const TYPING_IDLE_MS = 3_000;

export interface TComposerProps {
  acc: string;
  conversation: TConversation;
  /**
   * false: WhatsApp's 24-hour window is closed: a WhatsApp conversation takes an approved template
   * (or a private note), any other only private notes.
   */
  canReply: boolean;
  onSend: (text: string, files: TUploadedFile[], note: boolean) => void;
  onTyping?: (typing: boolean) => void;
  /** Files dropped on the messages go here. */
  registerDrop?: (add: ((files: File[]) => void) | null) => void;
}

/**
 * The reply box: text (Enter sends, Shift+Enter breaks the line), quick messages typed with '/',
 * emoji, files with upload progress, and the private-note mode (yellow, never sent to the customer).
 * In WhatsApp conversations a Template button opens the approved-template picker; once the 24-hour
 * window is closed the text box gives way to a notice and that button (free text would be refused).
 */
export function Composer({ acc, conversation, canReply, onSend, onTyping, registerDrop }: TComposerProps) {
  const { t } = useTranslation('inbox');
  const session = useSession();
  const quick = useQuickMessages(acc);
  const attachments = useAttachments(acc);
  const ref = useRef<HTMLTextAreaElement>(null);
  const id = conversation._id;
  const whatsapp = conversation.channelKind === 'whatsapp-cloud' && Boolean(conversation.channelId);
  const notesOnly = !canReply && !whatsapp;
  const { sendTemplate } = useSender(acc, id);
  const [picking, setPicking] = useState(false);
  const [text, setText] = useState(() => drafts.get(id) ?? '');
  const [note, setNote] = useState(notesOnly);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  /** Where the AI's text in the box came from (until it is sent). */
  const [aiLabel, setAiLabel] = useState<string | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (notesOnly) setNote(true);
  }, [notesOnly]);
  // The AI's label goes with its text: an operator who empties the box starts their own.
  useEffect(() => {
    if (!text.trim()) setAiLabel(null);
  }, [text]);
  /** Reply mode of a WhatsApp conversation whose window is closed: templates only. */
  const templateOnly = whatsapp && !canReply && !note;

  useEffect(() => {
    registerDrop?.(note || templateOnly ? null : attachments.add);
    return () => registerDrop?.(null);
  }, [registerDrop, note, templateOnly, attachments.add]);

  const stopTyping = () => {
    if (typingTimer.current) {
      clearTimeout(typingTimer.current);
      typingTimer.current = null;
      onTyping?.(false);
    }
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only
  useEffect(() => stopTyping, []);

  const q = quickQuery(text, caret);
  const open = q !== null && q.start !== dismissed && !note;
  const matches = open ? filterQuickMessages(quick.data ?? [], q.query) : [];
  const selected = matches[Math.min(active, matches.length - 1)];

  const change = (value: string, position: number) => {
    setText(value);
    setCaret(position);
    drafts.set(id, value);
    setActive(0);
    if (!note && onTyping) {
      if (!typingTimer.current) onTyping(true);
      else clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(stopTyping, TYPING_IDLE_MS);
    }
  };

  const place = (value: string, position: number) => {
    change(value, position);
    requestAnimationFrame(() => {
      ref.current?.focus();
      ref.current?.setSelectionRange(position, position);
    });
  };

  const pick = async (message: TQuickMessage) => {
    if (!q) return;
    const at = { start: q.start, end: caret };
    let rendered: string;
    try {
      rendered = (await inboxApi.renderQuickMessage(acc, message._id, id)).text;
    } catch {
      const c = conversation.contact;
      rendered = renderQuickMessage(message.text, {
        name: c.name,
        firstName: c.name.split(/\s+/)[0] ?? '',
        phone: c.phone,
        email: c.email,
        operator: session.user?.displayName || session.user?.name || '',
      });
    }
    const next = insertQuick(ref.current?.value ?? text, at, rendered);
    place(next.text, next.caret);
  };

  const insertAi = (insert: TAiInsert) => {
    if (insert.note) setNote(true);
    place(insert.text, insert.text.length);
    setAiLabel(insert.label);
  };

  const submit = () => {
    const body = text.trim();
    if (attachments.uploading) return;
    const files = note ? [] : attachments.items.flatMap((a) => (a.result ? [a.result] : []));
    if (!body && files.length === 0) return;
    stopTyping();
    onSend(body, files, note);
    attachments.clear();
    drafts.delete(id);
    setAiLabel(null);
    setText('');
    setCaret(0);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && matches.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setActive((i) => (i + step + matches.length) % matches.length);
        return;
      }
      if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Tab') {
        e.preventDefault();
        if (selected) void pick(selected);
        return;
      }
    }
    if (open && e.key === 'Escape') {
      e.preventDefault();
      setDismissed(q?.start ?? null);
      return;
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const disabled = !note && !canReply;
  const templateButton = whatsapp && !note && !templateOnly && (
    <Tooltip label={t('composer.template')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('composer.template')}
        onClick={() => setPicking(true)}
      >
        <IconTemplate size={20} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <div className={classes.composer} data-note={note || undefined}>
      {whatsapp && (
        <TemplateDialog
          acc={acc}
          channelId={conversation.channelId!}
          opened={picking}
          onClose={() => setPicking(false)}
          onSend={sendTemplate}
        />
      )}
      {open && (
        <QuickReplyMenu
          items={matches}
          active={Math.max(0, matches.indexOf(selected!))}
          onPick={(m) => void pick(m)}
          onHover={setActive}
        />
      )}
      {!note && !templateOnly && <AttachmentChips items={attachments.items} onRemove={attachments.remove} />}
      {aiLabel && !templateOnly && (
        <Text fz="xs" c="violet.8" mb={4} data-testid="ai-label">
          {aiLabel}
        </Text>
      )}
      {templateOnly ? (
        <Paper withBorder radius="md" p="sm" bg="yellow.0" role="status" data-testid="window-closed">
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Group gap={8} wrap="nowrap">
              <IconClockExclamation size={20} aria-hidden color="var(--mantine-color-yellow-9)" />
              <Text fz="sm">{t('composer.windowClosed')}</Text>
            </Group>
            <Button
              size="xs"
              leftSection={<IconTemplate size={16} />}
              onClick={() => setPicking(true)}
              style={{ flexShrink: 0 }}
            >
              {t('composer.chooseTemplate')}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Textarea
          ref={ref}
          value={text}
          autosize
          minRows={2}
          maxRows={8}
          disabled={disabled}
          aria-label={note ? t('composer.noteLabel') : t('composer.label')}
          placeholder={note ? t('composer.notePlaceholder') : t('composer.placeholder')}
          aria-autocomplete="list"
          aria-controls={open && matches.length ? QUICK_MENU_ID : undefined}
          aria-activedescendant={open && selected ? quickOptionId(selected._id) : undefined}
          onChange={(e) =>
            change(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length)
          }
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          styles={{ input: note ? { background: '#fffbe6', borderColor: '#e0b100' } : undefined }}
        />
      )}
      <Group justify="space-between" mt={8} gap="xs">
        <Group gap={4}>
          <SegmentedControl
            size="xs"
            value={note ? 'note' : 'reply'}
            onChange={(v) => setNote(v === 'note')}
            aria-label={t('composer.mode')}
            data={[
              { value: 'reply', label: t('composer.reply'), disabled: notesOnly },
              { value: 'note', label: t('composer.note') },
            ]}
          />
          {templateButton}
          {!templateOnly && (
            <EmojiPicker
              disabled={disabled}
              onPick={(emoji) => {
                const at = ref.current?.selectionStart ?? text.length;
                place(text.slice(0, at) + emoji + text.slice(at), at + emoji.length);
              }}
            />
          )}
          {!templateOnly && <AiMenu acc={acc} conversationId={id} draft={text} onInsert={insertAi} />}
          {!note && !templateOnly && (
            <FileButton onChange={(files) => attachments.add(files)} multiple>
              {(props) => (
                <Tooltip label={t('composer.attach')}>
                  <ActionIcon
                    {...props}
                    variant="subtle"
                    color="gray"
                    size="lg"
                    aria-label={t('composer.attach')}
                    disabled={disabled}
                  >
                    <IconPaperclip size={20} />
                  </ActionIcon>
                </Tooltip>
              )}
            </FileButton>
          )}
          {/* Voice messages (issue 13): WhatsApp and the web chat play them. */}
          {!note &&
            !templateOnly &&
            (conversation.channelKind === 'whatsapp-cloud' || conversation.channelKind === 'webchat') && (
              <VoiceRecorder
                acc={acc}
                channelKind={conversation.channelKind}
                disabled={disabled}
                onRecorded={(file) => onSend('', [file], false)}
              />
            )}
        </Group>
        {!templateOnly && (
          <Button
            onClick={submit}
            color={note ? '#8a5a00' : undefined}
            rightSection={<IconSend size={16} />}
            disabled={disabled || attachments.uploading || (!text.trim() && attachments.items.length === 0)}
          >
            {note ? t('composer.addNote') : t('composer.send')}
          </Button>
        )}
      </Group>
    </div>
  );
}
