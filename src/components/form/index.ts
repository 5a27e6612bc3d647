// Form building blocks: the Form wrapper and the fields every screen uses.
export { Form, applyServerErrors, type FormProps, type FormSchema } from './form';
export { useField } from './use-field';
export { TextInput, EnglishTextField, PersianTextField, type TextInputProps, type Charset } from './fields/text-input';
export { NewPasswordFields, PasswordField, type NewPasswordFieldsProps } from './fields/password-field';
export { NumberField, type NumberFieldProps } from './fields/number-field';
export { OutlinedField, type OutlinedFieldProps } from './fields/outlined-field';
export { TimeStepField } from './fields/time-step-field';
export { SelectField, type SelectOption, type SelectFieldProps } from './fields/select-field';
export { CalendarProvider, DateField, type DateFieldProps } from './fields/date-field';
export { SubmitButton, type SubmitButtonProps } from './submit-button';
