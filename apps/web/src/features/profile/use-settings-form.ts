import { zodResolver } from '@hookform/resolvers/zod';
import type { BaseSyntheticEvent } from 'react';
import { useState } from 'react';
import type { DefaultValues, FieldError, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import { get, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAccount } from './account';
import type { FieldTranslations } from './refusals';
import { refusalOf, showRefusal } from './refusals';

/** What a send achieved: the message to show, and whether the account changed (it is then loaded again first). */
export interface Sent {
  saved: string;
  refresh?: boolean;
}

export interface SettingsFormOptions<Input extends FieldValues, Values> {
  /** The contract the values must meet before they are sent, each field checked once it was left; none: sent as they are. */
  schema?: z.ZodType<Values, Input>;
  defaultValues: DefaultValues<Input>;
  /** The inputs a refused field is shown (and focused) at; refusals of other fields go to the form's alert. */
  fields?: readonly Path<Input>[];
  /** Our own words for refused fields, by HTTP status (see `refusalOf`). */
  refusals?: FieldTranslations;
  /** Sends the values; resolves to what to say, or null where it stopped before sending (having shown why). */
  send: (values: Values, form: UseFormReturn<Input, unknown, Values>) => Promise<Sent | null>;
}

/** What a settings form's card needs of it (see `SettingsForm`). */
export interface SettingsFormState {
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The form-level message of the last refusal. */
  formError: string | null;
  /** The success message of the last submit. */
  saved: string | null;
  /** The form is being sent. */
  busy: boolean;
}

/**
 * The wiring every settings card shares: the form, its success message and its form-level error. A submit clears
 * both, sends, reloads the account where the send says so and shows the success message; a refusal is shown at
 * its fields (the first one focused) and the rest in the form's alert.
 */
export function useSettingsForm<Input extends FieldValues, Values extends FieldValues = Input>({
  schema,
  defaultValues,
  fields = [],
  refusals,
  send,
}: SettingsFormOptions<Input, Values>) {
  const { t } = useTranslation();
  const account = useAccount();
  const [saved, setSaved] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Input, unknown, Values>({
    defaultValues,
    ...(schema ? { resolver: zodResolver(schema) as Resolver<Input, unknown, Values>, mode: 'onTouched' } : {}),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setSaved(null);
    setFormError(null);
    try {
      const sent = await send(values, form);
      if (!sent) return;
      if (sent.refresh) await account.refresh();
      setSaved(sent.saved);
    } catch (error) {
      const refusal = refusalOf(error, t, refusals);
      setFormError(showRefusal(refusal, fields, (field, text) => form.setError(field, { type: 'server', message: text }, { shouldFocus: true })));
    }
  });

  /** A field's message: the server's words for a refusal, else `ownWords` for the check that failed; none when valid. */
  const errorText = (field: Path<Input>, ownWords: (error: FieldError) => string): string | undefined => {
    const error = get(form.formState.errors, field) as FieldError | undefined;
    if (!error) return undefined;
    return error.type === 'server' ? error.message : ownWords(error);
  };

  return { form, saved, formError, onSubmit, busy: form.formState.isSubmitting, errorText };
}
