import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

/**
 * What editing a field does once the form has been submitted: `clear` removes the field's
 * error at once and checks it again on the next submit (an error clears once its field is
 * edited: docs/behaviour.md#join-form); `recheck` validates the field again on every change, so
 * its message follows the input (the contact form).
 */
export type OnEdit = 'clear' | 'recheck';

/**
 * Every form of the site: react-hook-form with a zod schema, checked on submit, focus on the
 * first invalid field. Register inputs with `field(name)`; a control that belongs to a group
 * whose rule reports on the group (the join form's checkboxes) passes the group's name as
 * `errorOf`, so editing any member clears the group's error.
 */
export function useZodForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
  { onEdit = 'clear' }: { onEdit?: OnEdit } = {},
) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: onEdit === 'recheck' ? 'onChange' : 'onSubmit',
    shouldFocusError: true,
    defaultValues,
  });
  const field = (name: Path<T>, errorOf: Path<T> = name) =>
    form.register(
      name,
      onEdit === 'clear'
        ? {
            onChange: () => {
              if (form.getFieldState(errorOf).error) form.clearErrors(errorOf);
            },
          }
        : undefined,
    );
  return { ...form, field };
}
