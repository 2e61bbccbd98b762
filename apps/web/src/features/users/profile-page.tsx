import { useState } from 'react';
import {
  Avatar,
  Button,
  Card,
  FileButton,
  Grid,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { LIMITS, ZUpdateProfileBody } from '@atende/shared';
import { useTranslation } from 'react-i18next';
import { zodValidator } from '../../app/forms';
import { errorText } from '../../app/i18n';
import { updateStoredUser, useSession } from '../../app/session';
import { initials } from '../../app/shell/user-menu';
import { PageHeader } from '../../ui/page-header';
import { PasswordChangeCard } from './password-change-card';
import { NotificationPreferencesCard } from '../app-store/push/notification-preferences-card';
import { useUpdateAvatar, useUpdateProfile } from './users-api';
import { notify } from '../../app/notify';

/** Avatar rule of spec §5: JPG, GIF or PNG, at most 800 kB. Returns a VALIDATION_MESSAGES key or null. */
export function avatarProblem(file: Pick<File, 'type' | 'size'>): 'avatarType' | 'avatarSize' | null {
  if (!(LIMITS.avatar.types as readonly string[]).includes(file.type)) return 'avatarType';
  if (file.size > LIMITS.avatar.maxBytes) return 'avatarSize';
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** /profile: name, about, avatar and password. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const session = useSession();
  const user = session.user!;
  const profile = useUpdateProfile();
  const avatar = useUpdateAvatar();
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: user.name || user.displayName, about: user.about ?? '' },
    validate: zodValidator(ZUpdateProfileBody, t),
  });

  const save = form.onSubmit((values) =>
    profile.mutate(values, {
      onSuccess: (me) => {
        updateStoredUser(me);
        notify({ color: 'green', message: (t) => t('profile:saved') });
      },
      // Spec §8: a failed profile-name update shows a danger toast titled 'Erro' for 8.8 s.
      onError: (err) =>
        notify({
          color: 'red',
          title: (t) => t('common:error'),
          message: (t) => errorText(t, err),
          autoClose: 8800,
        }),
    }),
  );

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = avatarProblem(file);
    setAvatarError(problem ? t(`validation:${problem}`) : null);
    if (problem) return;
    let dataUrl: string;
    try {
      dataUrl = await readAsDataUrl(file);
    } catch (err) {
      setAvatarError(errorText(t, err));
      return;
    }
    avatar.mutate(dataUrl, {
      onSuccess: (me) => {
        updateStoredUser(me);
        notify({ color: 'green', message: (t) => t('profile:avatar.saved') });
      },
      onError: (err) => setAvatarError(errorText(t, err)),
    });
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card padding="lg" h="100%">
            <Stack align="center" gap="sm" ta="center">
              <Avatar src={user.profilePic} size={112} radius={112} color="brand" alt={user.displayName}>
                {initials(user.displayName || user.name)}
              </Avatar>
              <div>
                <Text fw={650}>{user.displayName || user.name}</Text>
                <Text c="dimmed" fz="sm">
                  {user.email}
                </Text>
              </div>
              <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/gif">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconUpload size={16} />}
                    loading={avatar.isPending}
                  >
                    {t('avatar.upload')}
                  </Button>
                )}
              </FileButton>
              <Text fz="xs" c="dimmed">
                {t('avatar.hint')}
              </Text>
              {avatarError && (
                <Text fz="sm" c="red.8" role="alert" data-testid="avatar-error">
                  {avatarError}
                </Text>
              )}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card padding="lg" h="100%">
            <Text fw={650} mb="md">
              {t('details')}
            </Text>
            <form onSubmit={save} noValidate>
              <Stack>
                <TextInput label={t('fields.name')} required {...form.getInputProps('name')} />
                <TextInput label={t('fields.email')} value={user.email} readOnly disabled />
                <Textarea
                  label={t('fields.about')}
                  autosize
                  minRows={3}
                  maxLength={500}
                  {...form.getInputProps('about')}
                />
                <Group justify="flex-end">
                  <Button type="submit" loading={profile.isPending}>
                    {t('common:save')}
                  </Button>
                </Group>
              </Stack>
            </form>
          </Card>
        </Grid.Col>
      </Grid>
      <PasswordChangeCard />
      <NotificationPreferencesCard />
    </Stack>
  );
}
