/** What the map says when no tile server is set (the page says it from the first paint when built without one). */
export const NO_TILES_NOTE = 'Подложка карты не подключена: камеры и ваши штрафы показаны без карты местности, с названиями городов.';
