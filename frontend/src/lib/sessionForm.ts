import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The account screens' forms (auth and profile): react-hook-form with a zod schema, validated
 * on submit; a field's error clears as soon as the field is edited (SPEC §5) and comes back
 * only on the next submit. shouldFocusError moves focus to the first invalid field.
 */
export function useClearingForm<T extends FieldValues>(
  schema: z.ZodType<T, T>,
  defaultValues: DefaultValues<T>,
) {
  const form = useForm<T>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: true,
    defaultValues,
  });
  const field = (name: Path<T>) =>
    form.register(name, {
      onChange: () => {
        if (form.getFieldState(name).error) form.clearErrors(name);
      },
    });
  return { ...form, field };
}
