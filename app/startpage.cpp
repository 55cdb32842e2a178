#include "startpage.h"

#include "controllers/lesson.h"
#include "language.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QScrollArea>
#include <QVBoxLayout>

StartPage::StartPage(QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Lessons"));
  setObjectName(QStringLiteral("startPage"));
  auto* intro = new QLabel(tr("<h2>Lessons ready in seconds</h2><p>Each lesson builds its model and trains it from a "
                              "fixed seed while you watch (or imports a real one), then opens the view it is about. "
                              "F5 presents it.</p>"),
                           this);
  intro->setWordWrap(true);
  auto* host = new QWidget(this);
  auto* grid = new QGridLayout(host);
  const QString language = QLocale().language() == QLocale::German ? QStringLiteral("de") : QStringLiteral("en");
  int row = 0;
  for (const QString& id : builtinLessonIds()) {
    QString error;
    const auto lesson = loadLesson(id, language, &error);
    if (!lesson) continue;  // a broken resource is a build error; the test of the lessons catches it
    auto* picture = new QLabel(host);
    const QPixmap pix(lesson->picture);
    if (!pix.isNull()) picture->setPixmap(pix.scaledToWidth(220, Qt::SmoothTransformation));
    picture->setAccessibleName(tr("Picture of the lesson “%1”").arg(lesson->title));
    auto* text = new QLabel(QStringLiteral("<b>%1</b><br>%2").arg(lesson->title.toHtmlEscaped(),
                                                                  lesson->summary.toHtmlEscaped()),
                            host);
    text->setWordWrap(true);
    text->setMinimumWidth(320);
    auto* open = new QPushButton(tr("Open"), host);
    open->setObjectName(QStringLiteral("open_") + id);
    open->setAccessibleName(tr("Open the lesson “%1”").arg(lesson->title));
    connect(open, &QPushButton::clicked, this, [this, id] {
      mChosen = id;
      accept();
    });
    grid->addWidget(picture, row, 0);
    grid->addWidget(text, row, 1, Qt::AlignTop);
    grid->addWidget(open, row, 2, Qt::AlignTop);
    ++row;
  }
  grid->setColumnStretch(1, 1);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(host);
  scroll->setWidgetResizable(true);
  scroll->setAccessibleName(tr("Built-in lessons"));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton* file = buttons->addButton(tr("Open a Lesson File…"), QDialogButtonBox::ActionRole);
  connect(file, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open lesson"), QString(),
                                                      tr("Glassbox lessons (*.glassbox-lesson *.json);;All files (*)"));
    if (path.isEmpty()) return;
    mChosen = path;
    accept();
  });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* v = new QVBoxLayout(this);
  v->addWidget(intro);
  v->addWidget(scroll, 1);
  v->addWidget(buttons);
  resize(760, 560);
}
