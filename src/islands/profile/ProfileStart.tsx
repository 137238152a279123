import { useState } from 'react';
import { LicenceForm } from './LicencesPanel.tsx';
import { VehicleForm } from './VehiclesPanel.tsx';

/** Which document the first step adds. */
type Choice = 'car' | 'licence';

/**
 * The first screen of a profile without documents (issue 24, item 9): one clear action — add a car
 * or a licence — with its form right here, instead of empty filters full of zeros. Once a document
 * is added, the fines section shows its list.
 */
export function ProfileStart() {
  const [choice, setChoice] = useState<Choice>('car');
  return (
    <section className="card profile-start" aria-labelledby="profile-start-title">
      <h2 id="profile-start-title">Добавьте автомобиль или права</h2>
      <p className="profile-start__lead">Найдём штрафы по ним сейчас и будем сообщать о новых на e-mail — успеете оплатить со скидкой.</p>
      <div className="profile-start__choice" role="group" aria-label="Что добавить">
        <button type="button" className="profile-start__option" aria-pressed={choice === 'car'} onClick={() => setChoice('car')}>
          Автомобиль (СТС)
        </button>
        <button type="button" className="profile-start__option" aria-pressed={choice === 'licence'} onClick={() => setChoice('licence')}>
          Права
        </button>
      </div>
      {/* Nothing to do when done: the new document turns this step into the fines list. */}
      {choice === 'car' ? <VehicleForm idPrefix="start-sts" cancellable={false} onDone={() => {}} /> : <LicenceForm idPrefix="start-dl" cancellable={false} onDone={() => {}} />}
      <p className="muted profile-start__more">
        Налоги и долги у приставов ищем по ИНН — его можно добавить в разделе <a href="#documents">«Документы»</a>.
      </p>
    </section>
  );
}
