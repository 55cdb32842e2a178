<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>AttentionPanel</name>
    <message>
        <source>Type an input, or pick one from the validation data</source>
        <translation>Eine Eingabe tippen oder eine aus den Validierungsdaten wählen</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>Scores before softmax</source>
        <translation>Scores vor dem Softmax</translation>
    </message>
    <message>
        <source>Probe</source>
        <translation>Probe</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Schicht</translation>
    </message>
    <message>
        <source>Head</source>
        <translation>Kopf</translation>
    </message>
    <message>
        <source>All layers (rows) × heads (columns) — click one to enlarge it</source>
        <translation>Alle Schichten (Zeilen) × Köpfe (Spalten) – zum Vergrößern anklicken</translation>
    </message>
    <message>
        <source>Build a model to see its attention.</source>
        <translation>Bauen Sie ein Modell, um seine Aufmerksamkeit zu sehen.</translation>
    </message>
    <message>
        <source>Encoder self-attention (bidirectional)</source>
        <translation>Encoder-Selbstaufmerksamkeit (bidirektional)</translation>
    </message>
    <message>
        <source>Decoder masked self-attention (M_uni)</source>
        <translation>Maskierte Decoder-Selbstaufmerksamkeit (M_uni)</translation>
    </message>
    <message>
        <source>Cross-attention (decoder → encoder)</source>
        <translation>Kreuzaufmerksamkeit (Decoder → Encoder)</translation>
    </message>
    <message>
        <source>Masked self-attention (M_uni)</source>
        <translation>Maskierte Selbstaufmerksamkeit (M_uni)</translation>
    </message>
    <message>
        <source>This probe does not fit the model.</source>
        <translation>Diese Probe passt nicht zum Modell.</translation>
    </message>
    <message>
        <source>average</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>The causal mask M_uni[t_z, t_x] = [t_z ≤ t_x]: a query sees itself and earlier tokens.</source>
        <translation>Die kausale Maske M_uni[t_z, t_x] = [t_z ≤ t_x]: Eine Anfrage sieht sich selbst und frühere Tokens.</translation>
    </message>
    <message>
        <source>The cross mask is all ones: every target position may read every source token.</source>
        <translation>Die Kreuzmaske besteht nur aus Einsen: Jede Zielposition darf jedes Quelltoken lesen.</translation>
    </message>
    <message>
        <source>The bidirectional mask is all ones: every source token sees every other.</source>
        <translation>Die bidirektionale Maske besteht nur aus Einsen: Jedes Quelltoken sieht jedes andere.</translation>
    </message>
    <message>
        <source>Probe: %1 → %2. Each column (a query) sums to 1. Layer %3, %4.</source>
        <translation>Probe: %1 → %2. Jede Spalte (eine Anfrage) summiert sich zu 1. Schicht %3, %4.</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>Kopf %1</translation>
    </message>
    <message>
        <source>average over the heads</source>
        <translation>Mittel über die Köpfe</translation>
    </message>
    <message>
        <source>layer %1, head %2</source>
        <translation>Schicht %1, Kopf %2</translation>
    </message>
</context>
<context>
    <name>DataPanel</name>
    <message>
        <source>Load task</source>
        <translation>Aufgabe laden</translation>
    </message>
    <message>
        <source>No data yet.</source>
        <translation>Noch keine Daten.</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Aufgabe</translation>
    </message>
    <message>
        <source>Training examples</source>
        <translation>Trainingsbeispiele</translation>
    </message>
    <message>
        <source>Validation examples</source>
        <translation>Validierungsbeispiele</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Beispiele</translation>
    </message>
    <message>
        <source>Vocabulary (token: count)</source>
        <translation>Vokabular (Token: Anzahl)</translation>
    </message>
    <message>
        <source>Copy a string of letters: abc → abc</source>
        <translation>Eine Buchstabenfolge kopieren: abc → abc</translation>
    </message>
    <message>
        <source>Reverse a string of letters: abc → cba</source>
        <translation>Eine Buchstabenfolge umkehren: abc → cba</translation>
    </message>
    <message>
        <source>Sort the letters of a string: cab → abc</source>
        <translation>Die Buchstaben einer Folge sortieren: cab → abc</translation>
    </message>
    <message>
        <source>Add two numbers: 23+58 → 81</source>
        <translation>Zwei Zahlen addieren: 23+58 → 81</translation>
    </message>
    <message>
        <source>Convert a date: 2024-03-15 → 15.03.2024</source>
        <translation>Ein Datum umwandeln: 2024-03-15 → 15.03.2024</translation>
    </message>
    <message>
        <source>English → German: I want to buy a car → Ich will ein Auto kaufen</source>
        <translation>Englisch → Deutsch: I want to buy a car → Ich will ein Auto kaufen</translation>
    </message>
</context>
<context>
    <name>Heatmap</name>
    <message>
        <source>query t_x</source>
        <translation>Anfrage t_x</translation>
    </message>
    <message>
        <source>key t_z</source>
        <translation>Schlüssel t_z</translation>
    </message>
    <message>
        <source>query %1 (%2) → key %3 (%4)
weight %5
score Kᵀq %6, scaled by 1/√d_h: %7
mask %8</source>
        <translation>Anfrage %1 (%2) → Schlüssel %3 (%4)
Gewicht %5
Score Kᵀq %6, skaliert mit 1/√d_h: %7
Maske %8</translation>
    </message>
    <message>
        <source>1 (may attend)</source>
        <translation>1 (darf beachten)</translation>
    </message>
    <message>
        <source>0 (masked)</source>
        <translation>0 (maskiert)</translation>
    </message>
    <message>
        <source>attention weight</source>
        <translation>Aufmerksamkeitsgewicht</translation>
    </message>
    <message>
        <source>scaled score Kᵀq/√d_h</source>
        <translation>skalierter Score Kᵀq/√d_h</translation>
    </message>
</context>
<context>
    <name>LossPlot</name>
    <message>
        <source>training loss</source>
        <translation>Trainingsverlust</translation>
    </message>
    <message>
        <source>validation loss</source>
        <translation>Validierungsverlust</translation>
    </message>
    <message>
        <source>step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>loss J</source>
        <translation>Verlust J</translation>
    </message>
    <message>
        <source>Log scale</source>
        <translation>Logarithmisch</translation>
    </message>
    <message>
        <source>Smooth</source>
        <translation>Glätten</translation>
    </message>
    <message>
        <source>step %1: loss %2</source>
        <translation>Schritt %1: Verlust %2</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Glassbox</source>
        <translation>Glassbox</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Aufmerksamkeit</translation>
    </message>
    <message>
        <source>Decoding</source>
        <translation>Dekodieren</translation>
    </message>
    <message>
        <source>Decoding, one token at a time</source>
        <translation>Dekodieren, Token für Token</translation>
    </message>
    <message>
        <source>Step through ED-Inference or D-Inference: the next-token distribution p, the distribution q ∝ p^(1/τ) after the temperature slider, the token chosen and why, and the KV cache as it grows.</source>
        <translation>Schrittweise durch ED-Inference oder D-Inference: die Verteilung p des nächsten Tokens, die Verteilung q ∝ p^(1/τ) nach dem Temperaturregler, das gewählte Token und warum, und der wachsende KV-Cache.</translation>
    </message>
    <message>
        <source>Algorithm</source>
        <translation>Algorithmus</translation>
    </message>
    <message>
        <source>The algorithm, line by line</source>
        <translation>Der Algorithmus, Zeile für Zeile</translation>
    </message>
    <message>
        <source>The pseudo-code of the seeds, executed one line at a time: the line that runs next, and every matrix in scope with its shape.</source>
        <translation>Der Pseudocode der Vorlagen, Zeile für Zeile ausgeführt: die nächste Zeile und jede sichtbare Matrix mit ihrer Form.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Training</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Reset Layout</source>
        <translation>&amp;Anordnung zurücksetzen</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About Glassbox</source>
        <translation>&amp;Über Glassbox</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>The language changes when Glassbox starts next time.</source>
        <translation>Die Sprache wechselt beim nächsten Start von Glassbox.</translation>
    </message>
    <message>
        <source>About Glassbox</source>
        <translation>Über Glassbox</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Glassbox %1&lt;/h3&gt;&lt;p&gt;A transformer you can see through: train a tiny encoder-decoder or decoder-only transformer live and watch its attention, masks and decoding, exactly as the lecture notes write them.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Glassbox %1&lt;/h3&gt;&lt;p&gt;Ein Transformer zum Hineinsehen: Trainieren Sie live einen kleinen Encoder-Decoder- oder Nur-Decoder-Transformer und beobachten Sie Aufmerksamkeit, Masken und Dekodierung – genau so, wie die Vorlesungsnotizen sie aufschreiben.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Built with Qt %1, Eigen and QCustomPlot.</source>
        <translation>Erstellt mit Qt %1, Eigen und QCustomPlot.</translation>
    </message>
    <message>
        <source>not trained</source>
        <translation>nicht trainiert</translation>
    </message>
    <message>
        <source>training</source>
        <translation>trainiert gerade</translation>
    </message>
    <message>
        <source>paused at step %1</source>
        <translation>angehalten bei Schritt %1</translation>
    </message>
    <message>
        <source>trained %1 steps</source>
        <translation>%1 Schritte trainiert</translation>
    </message>
    <message>
        <source>%1 training examples</source>
        <translation>%1 Trainingsbeispiele</translation>
    </message>
    <message>
        <source>no data</source>
        <translation>keine Daten</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>ModelDocument</name>
    <message>
        <source>No data yet.</source>
        <translation>Noch keine Daten.</translation>
    </message>
    <message>
        <source>%1 training and %2 validation examples; %3 tokens in the vocabulary; the longest example needs ℓ_max = %4.</source>
        <translation>%1 Trainings- und %2 Validierungsbeispiele; %3 Tokens im Vokabular; das längste Beispiel braucht ℓ_max = %4.</translation>
    </message>
    <message>
        <source>d_e = %1 is not divisible by H = %2: every head needs d_e / H dimensions.</source>
        <translation>d_e = %1 ist nicht durch H = %2 teilbar: Jeder Kopf braucht d_e / H Dimensionen.</translation>
    </message>
    <message>
        <source>ℓ_max = %1 is shorter than the data: its longest example needs %2.</source>
        <translation>ℓ_max = %1 ist kürzer als die Daten: Ihr längstes Beispiel braucht %2.</translation>
    </message>
    <message>
        <source>|V| = %1 is smaller than the tokenizer's %2 tokens.</source>
        <translation>|V| = %1 ist kleiner als die %2 Tokens des Tokenizers.</translation>
    </message>
    <message>
        <source>Load data first: the vocabulary and ℓ_max come from it.</source>
        <translation>Laden Sie zuerst Daten: Vokabular und ℓ_max ergeben sich daraus.</translation>
    </message>
    <message>
        <source>No model yet — build one in the Model dock.</source>
        <translation>Noch kein Modell – bauen Sie eines im Bereich „Modell“.</translation>
    </message>
    <message>
        <source>%1, %2 parameters</source>
        <translation>%1, %2 Parameter</translation>
    </message>
    <message>
        <source>Encoder-decoder</source>
        <translation>Encoder-Decoder</translation>
    </message>
    <message>
        <source>Decoder-only</source>
        <translation>Nur Decoder</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <source>Encoder-decoder</source>
        <translation>Encoder-Decoder</translation>
    </message>
    <message>
        <source>Decoder-only</source>
        <translation>Nur Decoder</translation>
    </message>
    <message>
        <source>Tiny</source>
        <translation>Winzig</translation>
    </message>
    <message>
        <source>Small</source>
        <translation>Klein</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>Mittel</translation>
    </message>
    <message>
        <source>Post-LN (seed 000)</source>
        <translation>Post-LN (Vorlage 000)</translation>
    </message>
    <message>
        <source>Pre-LN (seed 002)</source>
        <translation>Pre-LN (Vorlage 002)</translation>
    </message>
    <message>
        <source>W_u = W_eᵀ</source>
        <translation>W_u = W_eᵀ</translation>
    </message>
    <message>
        <source>L_enc</source>
        <translation>L_enc</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>Variante</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>Voreinstellung</translation>
    </message>
    <message>
        <source>ℓ_max</source>
        <translation>ℓ_max</translation>
    </message>
    <message>
        <source>L_dec / L</source>
        <translation>L_dec / L</translation>
    </message>
    <message>
        <source>H</source>
        <translation>H</translation>
    </message>
    <message>
        <source>d_e</source>
        <translation>d_e</translation>
    </message>
    <message>
        <source>d_mlp</source>
        <translation>d_mlp</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Norm</source>
        <translation>Normierung</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>Gekoppelt</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Bauen</translation>
    </message>
    <message>
        <source>Reads a source with its encoder and writes a target: translation, reversal (seed 000).</source>
        <translation>Liest eine Quelle mit dem Encoder und schreibt ein Ziel: Übersetzung, Umkehrung (Vorlage 000).</translation>
    </message>
    <message>
        <source>Continues one sequence: language models, and tasks written as one line (seed 002).</source>
        <translation>Setzt eine Folge fort: Sprachmodelle und Aufgaben in einer Zeile (Vorlage 002).</translation>
    </message>
    <message>
        <source>Load data in the Data dock first.</source>
        <translation>Laden Sie zuerst Daten im Bereich „Daten“.</translation>
    </message>
    <message>
        <source>%1 parameters, about %2 MB to train</source>
        <translation>%1 Parameter, etwa %2 MB zum Trainieren</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
</context>
<context>
    <name>TrainingPanel</name>
    <message>
        <source>AdamW, warm-up and cosine decay</source>
        <translation>AdamW, Aufwärmen und Kosinus-Abfall</translation>
    </message>
    <message>
        <source>SGD, one example a step (seed-exact)</source>
        <translation>SGD, ein Beispiel pro Schritt (wie in der Vorlage)</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>Optimierer</translation>
    </message>
    <message>
        <source>Learning rate η</source>
        <translation>Lernrate η</translation>
    </message>
    <message>
        <source>Batch size</source>
        <translation>Batchgröße</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Startwert</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Start</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Exactly one optimizer step</source>
        <translation>Genau ein Optimierungsschritt</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Zurücksetzen</translation>
    </message>
    <message>
        <source>New random parameters; the loss curve starts again</source>
        <translation>Neue zufällige Parameter; die Verlustkurve beginnt von vorn</translation>
    </message>
    <message>
        <source>Build a model to train it.</source>
        <translation>Bauen Sie ein Modell, um es zu trainieren.</translation>
    </message>
    <message>
        <source>Fresh parameters. Start to train.</source>
        <translation>Neue Parameter. Starten Sie das Training.</translation>
    </message>
    <message>
        <source>Step %1 of %2: loss %3, token accuracy %4%, %5 tokens/s, %6 s left</source>
        <translation>Schritt %1 von %2: Verlust %3, Token-Genauigkeit %4 %, %5 Tokens/s, noch %6 s</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source> — done.</source>
        <translation> – fertig.</translation>
    </message>
    <message>
        <source>
Validation at step %1: loss %2, token accuracy %3%, sequence accuracy %4%</source>
        <translation>
Validierung bei Schritt %1: Verlust %2, Token-Genauigkeit %3 %, Sequenz-Genauigkeit %4 %</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>A transformer you can see through.</source>
        <translation>Ein Transformer zum Hineinsehen.</translation>
    </message>
    <message>
        <source>Use this language for this run: system, en or de.</source>
        <translation>Diese Sprache für diesen Start verwenden: system, en oder de.</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Kürzel</translation>
    </message>
    <message>
        <source>Load the reverse task, build a small model and train it for this many steps (for lessons and screenshots).</source>
        <translation>Die Umkehr-Aufgabe laden, ein kleines Modell bauen und so viele Schritte trainieren (für Vorlesungen und Bildschirmfotos).</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>Save a picture of the window to this PNG file and quit (after the demo training, if any).</source>
        <translation>Ein Bild des Fensters in diese PNG-Datei speichern und beenden (nach dem Demo-Training, falls angefordert).</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
</context>
</TS>
