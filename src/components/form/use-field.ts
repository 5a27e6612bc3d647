// Binds a field component to the surrounding Form by name and translates its error message id.
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { translate, type MessageValues } from '@/lib/i18n';

export function useField<T extends FieldValues = FieldValues>(name: Path<T>, errorValues?: MessageValues) {
  const intl = useIntl();
  const { control } = useFormContext<T>();
  const controller = useController<T>({ name, control });
  const message = controller.fieldState.error?.message;
  return {
    ...controller,
    intl,
    hasError: !!controller.fieldState.error,
    errorText: message ? translate(intl, message, errorValues) : undefined,
  };
}
