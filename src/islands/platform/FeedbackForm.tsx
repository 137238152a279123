import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $accountStatus } from '../../stores/auth/account.ts';
import { $feedback, editFeedbackText, FEEDBACK_MAX_LENGTH, openFeedback, rate, sendFeedback } from '../../stores/platform/feedback.ts';
import { FormError, SubmitButton } from '../account/Field.tsx';
import { useHydrated } from '../account/useHydrated.ts';
import './platform.css';

const RATINGS = [1, 2, 3, 4, 5] as const;

/** "Оцените сервис": a rating and a comment to the team, for a signed-in account (sent through the mail relay). */
export default function FeedbackForm() {
  const hydrated = useHydrated();
  const status = useStore($accountStatus);
  const feedback = useStore($feedback);
  useEffect(() => void openFeedback(), []);
  if (!hydrated || status !== 'signedIn') return null;
  if (feedback.sent) {
    return (
      <section className="card" role="status">
        <h2>Спасибо за оценку</h2>
        <p>Команда прочитает ваш отзыв; если вы задали вопрос, ответим на e-mail аккаунта.</p>
      </section>
    );
  }
  return (
    <form
      className="card platform-form"
      aria-labelledby="feedback-title"
      onSubmit={(event) => {
        event.preventDefault();
        void sendFeedback(window.location.pathname);
      }}
    >
      <h2 id="feedback-title">Оцените сервис</h2>
      <fieldset className="feedback__stars">
        <legend>Насколько вам удобно пользоваться Штрафами Онлайн?</legend>
        {RATINGS.map((value) => (
          <label key={value} className="feedback__star">
            <input type="radio" name="rating" value={value} checked={feedback.rating === value} onChange={() => rate(value)} />
            {value}
          </label>
        ))}
      </fieldset>
      <div className="form-field">
        <label className="form-field__label" htmlFor="feedback-text">
          Что улучшить? (необязательно)
        </label>
        <textarea id="feedback-text" className="form-field__input" value={feedback.text} maxLength={FEEDBACK_MAX_LENGTH} onChange={(event) => editFeedbackText(event.currentTarget.value)} />
      </div>
      <FormError message={feedback.error} />
      <SubmitButton busy={feedback.busy}>Отправить отзыв</SubmitButton>
    </form>
  );
}
