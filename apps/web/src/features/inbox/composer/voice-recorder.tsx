import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Group, Loader, Text, Tooltip } from '@mantine/core';
import { IconMicrophone, IconPointFilled, IconSend, IconTrash } from '@tabler/icons-react';
import type { TChannelKind } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notify';
import { uploadInboxFile } from '../data/inbox-api';
import type { TUploadedFile, UploadError } from './upload';

/**
 * The recording formats each channel takes, best first, with the file extension the server types
 * them by (inbox-files.service.ts): WhatsApp plays ogg/opus, mp4 and aac; webm/opus (what Chromium
 * records) is remuxed to ogg/opus by the server before it goes to WhatsApp. The web chat plays them all.
 */
const FORMATS: Record<'whatsapp' | 'other', Array<{ mime: string; ext: string }>> = {
  whatsapp: [
    { mime: 'audio/ogg;codecs=opus', ext: 'ogg' },
    { mime: 'audio/webm;codecs=opus', ext: 'weba' },
    { mime: 'audio/mp4', ext: 'm4a' },
    { mime: 'audio/aac', ext: 'aac' },
  ],
  other: [
    { mime: 'audio/webm;codecs=opus', ext: 'weba' },
    { mime: 'audio/ogg;codecs=opus', ext: 'ogg' },
    { mime: 'audio/mp4', ext: 'm4a' },
  ],
};

/** The first format this browser records for the channel, or null. */
export function recordingFormat(kind: TChannelKind | null): { mime: string; ext: string } | null {
  if (typeof MediaRecorder === 'undefined') return null;
  const list = FORMATS[kind === 'whatsapp-cloud' ? 'whatsapp' : 'other'];
  return list.find((f) => MediaRecorder.isTypeSupported(f.mime)) ?? null;
}

const clock = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

type TState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'recording' } | { phase: 'sending' };

/**
 * A voice message from the composer: the mic button asks for the microphone, a timer runs while
 * recording, and the recording is discarded or sent. Sent, it is uploaded like an attachment
 * (POST /p/chat/upload) and goes out as an audio message. A browser that refuses the microphone
 * gets the spec's microphone access error.
 */
export function VoiceRecorder({
  acc,
  channelKind,
  disabled,
  onRecorded,
}: {
  acc: string;
  channelKind: TChannelKind | null;
  disabled?: boolean;
  onRecorded: (file: TUploadedFile) => void;
}) {
  const { t, i18n } = useTranslation('inbox');
  const [state, setState] = useState<TState>({ phase: 'idle' });
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);
  const keep = useRef(false);

  const release = () => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    recorder.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: on unmount only
  useEffect(
    () => () => {
      keep.current = false;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [],
  );

  useEffect(() => {
    if (state.phase !== 'recording') return;
    const started = Date.now();
    setSeconds(0);
    const timer = setInterval(() => setSeconds((Date.now() - started) / 1000), 250);
    return () => clearInterval(timer);
  }, [state.phase]);

  const upload = (blob: Blob, format: { mime: string; ext: string }) => {
    const type = format.mime.split(';')[0];
    const file = new File([blob], `voice-${new Date().toISOString().replace(/[:.]/g, '-')}.${format.ext}`, {
      type,
    });
    setState({ phase: 'sending' });
    uploadInboxFile(acc, file, () => undefined, i18n.language).promise.then(
      (uploaded) => {
        setState({ phase: 'idle' });
        onRecorded(uploaded);
      },
      (error: UploadError) => {
        setState({ phase: 'idle' });
        notify({
          color: 'red',
          title: (t) => t('errors:FILE_UPLOAD_ERROR'),
          message: (t) => (i18n.exists(`errors:${error.code}`) ? t(`errors:${error.code}`) : file.name),
        });
      },
    );
  };

  const start = async () => {
    const format = recordingFormat(channelKind);
    if (!format || !navigator.mediaDevices?.getUserMedia) {
      notify({ color: 'red', message: (t) => t('inbox:voice.unsupported') });
      return;
    }
    setState({ phase: 'starting' });
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({ phase: 'idle' });
      notify({
        color: 'red',
        title: (t) => t('common:error'),
        message: (t) => t('inbox:voice.micDenied'),
        autoClose: 8_000,
      });
      return;
    }
    chunks.current = [];
    const r = new MediaRecorder(stream.current, { mimeType: format.mime });
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.current.push(e.data);
    };
    r.onstop = () => {
      const blob = new Blob(chunks.current, { type: format.mime });
      release();
      if (keep.current && blob.size > 0) upload(blob, format);
      else setState({ phase: 'idle' });
    };
    recorder.current = r;
    r.start();
    setState({ phase: 'recording' });
  };

  const finish = (send: boolean) => {
    keep.current = send;
    if (recorder.current?.state === 'recording') recorder.current.stop();
    else {
      release();
      setState({ phase: 'idle' });
    }
  };

  if (state.phase === 'recording' || state.phase === 'sending')
    return (
      <Group gap={4} wrap="nowrap" data-testid="voice-recorder">
        <Tooltip label={t('voice.cancel')}>
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('voice.cancel')}
            disabled={state.phase === 'sending'}
            onClick={() => finish(false)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
        <Group gap={6} wrap="nowrap" px={6} role="status" aria-live="polite">
          <IconPointFilled size={16} color="var(--mantine-color-red-7)" aria-hidden />
          <Text
            fz="sm"
            fw={600}
            c="red.8"
            data-testid="voice-timer"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {t('voice.recording', { time: clock(seconds) })}
          </Text>
        </Group>
        <Tooltip label={t('voice.send')}>
          <ActionIcon
            variant="filled"
            size="lg"
            aria-label={t('voice.send')}
            loading={state.phase === 'sending'}
            onClick={() => finish(true)}
          >
            <IconSend size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    );

  return (
    <Tooltip label={t('voice.record')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('voice.record')}
        disabled={disabled || state.phase === 'starting'}
        onClick={() => void start()}
      >
        {state.phase === 'starting' ? <Loader size={16} /> : <IconMicrophone size={20} />}
      </ActionIcon>
    </Tooltip>
  );
}
