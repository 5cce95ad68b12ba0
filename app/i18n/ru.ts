/**
 * Russian texts. Same keys as en.ts; plural keys carry Russian's forms (_one, _few, _many) as
 * i18next expects, and a test fails when a key of en.ts is missing here.
 */
export const ru = {
  meta: {
    title: "Аренда вилл с бассейном и квартир на Пхукете",
    description:
      "Долгосрочная аренда вилл с бассейном и квартир на Пхукете от местной управляющей команды: договоры на 1 год, 6 месяцев и 1 месяц.",
  },
  nav: {
    home: "Главная",
    units: "Объекты",
    about: "О нас",
    services: "Услуги",
    contact: "Контакты",
    blog: "Блог",
    language: "Язык",
  },
  hero: {
    title: "Найдите свой дом на Пхукете",
    subtitle:
      "Виллы с бассейном и квартиры в The Trees и Zen Space под управлением людей, которые здесь живут.",
    tagline: "Долгосрочная аренда • договоры на 1 год, 6 месяцев и 1 месяц",
  },
  status: {
    available: "Свободно",
    soon: "Скоро свободно",
    occupied: "Занято",
  },
  listing: {
    heading: "Наши объекты",
    loading: "Загружаем объекты...",
    fallbackNotice: "Показаны демо-данные: нет соединения с базой данных",
    empty: "Нет объектов, подходящих под выбранные фильтры",
    clearFilters: "Сбросить фильтры",
    loadMore: "Показать ещё",
    loadMoreFailed: "Не удалось загрузить объекты",
  },
  property: {
    type: {
      "pool-villa": "Вилла с бассейном",
      condo: "Квартира",
    },
    bedrooms_one: "{{count}} спальня",
    bedrooms_few: "{{count}} спальни",
    bedrooms_many: "{{count}} спален",
    bedrooms_other: "{{count}} спальни",
    bathrooms_one: "{{count}} ванная",
    bathrooms_few: "{{count}} ванные",
    bathrooms_many: "{{count}} ванных",
    bathrooms_other: "{{count}} ванной",
    size: "{{size}} м²",
    perMonth: "/мес.",
    leases: "1 год: {{yearly}} • 6 месяцев: {{sixMonth}} • 1 месяц: {{monthly}}",
    availableFrom: "Свободно с {{date}}",
    rentedUntil: "Сдано до {{date}}",
    viewDetails: "Подробнее",
    noPhoto: "Фото скоро появится",
    photoOf: "Фото: {{name}}",
  },
  notFound: {
    title: "Страница не найдена",
    text: "Такой страницы нет или она переехала.",
    back: "На главную",
  },
  error: {
    title: "Что-то пошло не так",
    text: "Попробуйте ещё раз через минуту.",
  },
};
